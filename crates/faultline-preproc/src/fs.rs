//! Reading source and test-data files under the source policy (see SECURITY.md).
//!
//! Faultline runs on save inside editors and in CI jobs whose logs are public, on files it did
//! not write. So a file is read only when all of this holds, checked in this order:
//!
//! 1. its real path (symbolic links and `..` resolved) lies inside one of the allowed roots
//!    ([`SourcePolicy`]; the runner passes the directory of the nearest `faultline.toml`, else
//!    of the file, plus `[sources] include_dirs` and the editor's workspace folders);
//! 2. it is a regular file, checked with `metadata` *before* opening, so a FIFO, a terminal, a
//!    device or `/dev/stdin` is never opened (opening a FIFO blocks until a writer comes);
//! 3. it is at most [`MAX_FILE_BYTES`] long (`/dev/zero` or a huge log never fills memory);
//! 4. it is opened non-blocking and checked again on the open descriptor (the path could have
//!    been swapped between the check and the open), and read up to the cap only.
//!
//! A refused file is never read, so no error can quote it; the errors ([`ReadError`]) name the
//! path and the reason, never the content.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::FileLoader;

/// The largest source, header or test-data file Faultline reads.
pub const MAX_FILE_BYTES: u64 = 8 << 20;

/// Why a file was not read. Its `Display` names no content of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// No such file (an `#include "stdio.h"` then falls back to the standard header).
    NotFound,
    /// Its real path is outside every allowed root.
    Outside,
    /// Not a regular file: what it is instead ("a FIFO", "a directory", …).
    NotRegular(&'static str),
    /// Longer than [`MAX_FILE_BYTES`].
    TooLarge,
    /// Not UTF-8: where the first bad byte is (1-based line and byte column).
    NotUtf8 { line: u32, column: u32 },
    /// Any other I/O failure (permission denied…), as the system describes its kind.
    Io(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::NotFound => write!(f, "no such file"),
            ReadError::Outside => write!(
                f,
                "refused: outside the project (the directory of faultline.toml, or of the file); \
                 allow a directory with `[sources] include_dirs` in faultline.toml"
            ),
            ReadError::NotRegular(what) => write!(f, "refused: not a regular file ({what})"),
            ReadError::TooLarge => {
                write!(f, "refused: larger than {} MiB", MAX_FILE_BYTES >> 20)
            }
            ReadError::NotUtf8 { line, column } => write!(
                f,
                "not valid UTF-8: the first bad byte is at line {line}, column {column}"
            ),
            ReadError::Io(kind) => write!(f, "cannot read: {kind}"),
        }
    }
}

impl std::error::Error for ReadError {}

fn io_error(e: &std::io::Error) -> ReadError {
    match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound,
        // The kind, not `e` itself: an OS message never quotes a file, but keep it short.
        kind => ReadError::Io(kind.to_string()),
    }
}

fn file_type_name(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "a special file"
    }
}

/// Read a regular file of at most `cap` bytes without ever blocking: the type is checked
/// before opening and again on the open descriptor. No root check (see [`SourcePolicy`]).
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| io_error(&e))?;
    check_meta(&meta, cap)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK (0o4000 on every Linux architecture; written out to avoid a libc
        // dependency for one constant): should the path have become a FIFO after the check,
        // the open returns at once instead of waiting for a writer.
        #[cfg(target_os = "linux")]
        options.custom_flags(0o4000);
    }
    let file = options.open(path).map_err(|e| io_error(&e))?;
    check_meta(&file.metadata().map_err(|e| io_error(&e))?, cap)?;
    let mut bytes = Vec::with_capacity(meta.len().min(cap) as usize);
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(&e))?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

fn check_meta(meta: &std::fs::Metadata, cap: u64) -> Result<(), ReadError> {
    if !meta.file_type().is_file() {
        return Err(ReadError::NotRegular(file_type_name(meta.file_type())));
    }
    if meta.len() > cap {
        return Err(ReadError::TooLarge);
    }
    Ok(())
}

/// `bytes` as text, or where its first byte that is not UTF-8 is.
pub fn decode_utf8(bytes: Vec<u8>) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..bad];
        let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        ReadError::NotUtf8 {
            line,
            column: (bad - line_start) as u32 + 1,
        }
    })
}

/// Which files may be read: the real path must lie inside one of the roots. Also a
/// [`FileLoader`] for `#include "…"`.
#[derive(Clone, Debug, Default)]
pub struct SourcePolicy {
    roots: Vec<PathBuf>,
}

impl SourcePolicy {
    /// A policy allowing files below `roots` (directories; their real paths are used, and a
    /// root that does not exist allows nothing).
    pub fn new(roots: impl IntoIterator<Item = PathBuf>) -> Self {
        let mut policy = SourcePolicy::default();
        for root in roots {
            policy.allow(&root);
        }
        policy
    }

    /// Allow the files below `root` too.
    pub fn allow(&mut self, root: &Path) {
        if let Ok(real) = std::fs::canonicalize(root) {
            if !self.roots.contains(&real) {
                self.roots.push(real);
            }
        }
    }

    /// The allowed roots (real paths).
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// The real path of `path` if it lies inside a root (it need not be a regular file).
    pub fn check(&self, path: &Path) -> Result<PathBuf, ReadError> {
        let real = std::fs::canonicalize(path).map_err(|e| io_error(&e))?;
        if self.roots.iter().any(|r| real.starts_with(r)) {
            Ok(real)
        } else {
            Err(ReadError::Outside)
        }
    }

    /// Read `path` under the policy (see the module documentation).
    pub fn read(&self, path: &Path) -> Result<Vec<u8>, ReadError> {
        let real = self.check(path)?;
        read_regular(&real, MAX_FILE_BYTES)
    }
}

impl FileLoader for SourcePolicy {
    fn load(&self, path: &str) -> Result<String, ReadError> {
        decode_utf8(self.read(Path::new(path))?)
    }
}
