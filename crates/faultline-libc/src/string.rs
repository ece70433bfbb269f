//! `string.h` as glibc computes it, on the cells of one object from a start offset.
//!
//! Every function here reads its operands through a [`View`]: the scalar cells of one C object
//! (a `char` array, a string literal, one `argv` row) and the offset its argument points at.
//! That is what an array argument gives today and what a pointer `(object, offset)` gives once
//! pointers exist, so both callers use these functions unchanged. Cells hold C values; any value
//! outside `-128..=255` (the interpreter's "uninitialized" marker) reads as indeterminate.
//!
//! Functions never write: they return the bytes to store ([`Write`]), already checked against
//! the destination's bounds, so the caller applies them to its own memory. Reading or writing
//! outside the object — a string without its NUL, a destination too small — is an
//! [`StrError`] that names the operand and the cell, which the caller reports as undefined
//! behaviour at the call.

/// The cells of one object and the offset an argument points at.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub cells: &'a [i128],
    pub start: usize,
}

impl<'a> View<'a> {
    pub fn new(cells: &'a [i128], start: usize) -> Self {
        View { cells, start }
    }

    /// Byte `k` after the start, as `unsigned char`.
    fn byte(&self, arg: u8, k: usize) -> Result<u8, StrError> {
        let i = self.start + k;
        match self.cells.get(i) {
            None => Err(StrError::OutOfBounds {
                arg,
                index: i as u64,
                len: self.cells.len() as u64,
            }),
            Some(&v) if (-128..=255).contains(&v) => Ok(v as u8),
            Some(_) => Err(StrError::Uninitialized {
                arg,
                index: i as u64,
            }),
        }
    }

    /// The string's length: cells up to (not including) the first NUL.
    fn len(&self, arg: u8) -> Result<usize, StrError> {
        let mut k = 0;
        while self.byte(arg, k)? != 0 {
            k += 1;
        }
        Ok(k)
    }

    /// Cells from the start to the end of the object.
    fn room(&self) -> usize {
        self.cells.len().saturating_sub(self.start)
    }
}

/// Why a string function has undefined behaviour. `arg` is the 0-based argument position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrError {
    /// Cell `index` of the object of argument `arg` (of `len` cells) read or written: past the
    /// end (a string without a NUL in its array, a destination too small).
    OutOfBounds { arg: u8, index: u64, len: u64 },
    /// An indeterminate cell read.
    Uninitialized { arg: u8, index: u64 },
    /// `strcpy`/`strcat`/`memcpy` between overlapping cells of one object.
    Overlap,
}

/// Bytes to store into the destination object from cell `at` (absolute in the object).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Write {
    pub at: usize,
    pub bytes: Vec<u8>,
}

fn write_to(dst: &View<'_>, from: usize, bytes: Vec<u8>) -> Result<Write, StrError> {
    let end = dst.start + from + bytes.len();
    if end > dst.cells.len() {
        return Err(StrError::OutOfBounds {
            arg: 0,
            index: dst.cells.len().max(dst.start + from) as u64,
            len: dst.cells.len() as u64,
        });
    }
    Ok(Write {
        at: dst.start + from,
        bytes,
    })
}

fn bytes(v: &View<'_>, arg: u8, n: usize) -> Result<Vec<u8>, StrError> {
    (0..n).map(|k| v.byte(arg, k)).collect()
}

/// The string's bytes (without the NUL).
pub fn read(v: View<'_>, arg: u8) -> Result<Vec<u8>, StrError> {
    let n = v.len(arg)?;
    bytes(&v, arg, n)
}

/// `strlen(s)`
pub fn strlen(s: View<'_>) -> Result<u64, StrError> {
    s.len(0).map(|n| n as u64)
}

/// `strcmp(a, b)`: glibc's x86-64 result, the difference of the first differing bytes as
/// `unsigned char` (0 when equal).
pub fn strcmp(a: View<'_>, b: View<'_>) -> Result<i32, StrError> {
    strncmp(a, b, u64::MAX)
}

/// `strncmp(a, b, n)`
pub fn strncmp(a: View<'_>, b: View<'_>, n: u64) -> Result<i32, StrError> {
    let mut k = 0usize;
    while (k as u64) < n {
        let (x, y) = (a.byte(0, k)?, b.byte(1, k)?);
        if x != y {
            return Ok(x as i32 - y as i32);
        }
        if x == 0 {
            break;
        }
        k += 1;
    }
    Ok(0)
}

/// `memcmp(a, b, n)`
pub fn memcmp(a: View<'_>, b: View<'_>, n: u64) -> Result<i32, StrError> {
    for k in 0..n as usize {
        let (x, y) = (a.byte(0, k)?, b.byte(1, k)?);
        if x != y {
            return Ok(x as i32 - y as i32);
        }
    }
    Ok(0)
}

fn same_object(a: &View<'_>, b: &View<'_>) -> bool {
    std::ptr::eq(a.cells.as_ptr(), b.cells.as_ptr()) && a.cells.len() == b.cells.len()
}

fn overlaps(a: &View<'_>, an: usize, b: &View<'_>, bn: usize) -> bool {
    same_object(a, b) && a.start < b.start + bn && b.start < a.start + an
}

/// `strcpy(dst, src)`: the source's bytes and its NUL.
pub fn strcpy(dst: View<'_>, src: View<'_>) -> Result<Write, StrError> {
    let mut b = read(src, 1)?;
    b.push(0);
    if overlaps(&dst, b.len(), &src, b.len()) {
        return Err(StrError::Overlap);
    }
    write_to(&dst, 0, b)
}

/// `strncpy(dst, src, n)`: at most `n` bytes of the source, NUL-padded to `n` (no NUL when the
/// source is `n` long or longer).
pub fn strncpy(dst: View<'_>, src: View<'_>, n: u64) -> Result<Write, StrError> {
    let n = n.min(dst.room() as u64 + 1) as usize;
    let mut b = Vec::with_capacity(n);
    while b.len() < n {
        let c = src.byte(1, b.len())?;
        if c == 0 {
            break;
        }
        b.push(c);
    }
    b.resize(n, 0);
    write_to(&dst, 0, b)
}

/// `strcat(dst, src)`
pub fn strcat(dst: View<'_>, src: View<'_>) -> Result<Write, StrError> {
    let at = dst.len(0)?;
    let mut b = read(src, 1)?;
    b.push(0);
    write_to(&dst, at, b)
}

/// `strncat(dst, src, n)`: at most `n` bytes of the source, then a NUL.
pub fn strncat(dst: View<'_>, src: View<'_>, n: u64) -> Result<Write, StrError> {
    let at = dst.len(0)?;
    let mut b = Vec::new();
    while (b.len() as u64) < n {
        let c = src.byte(1, b.len())?;
        if c == 0 {
            break;
        }
        b.push(c);
    }
    b.push(0);
    write_to(&dst, at, b)
}

/// `memset(dst, c, n)`: `n` copies of `(unsigned char)c`.
pub fn memset(dst: View<'_>, c: i128, n: u64) -> Result<Write, StrError> {
    let n = n.min(dst.room() as u64 + 1) as usize;
    write_to(&dst, 0, vec![c as u8; n])
}

/// `memcpy(dst, src, n)` (overlap is undefined) and `memmove` (`overlap_ok`).
pub fn memcpy(dst: View<'_>, src: View<'_>, n: u64, overlap_ok: bool) -> Result<Write, StrError> {
    let n = n.min(dst.room() as u64 + 1) as usize;
    if !overlap_ok && overlaps(&dst, n, &src, n) {
        return Err(StrError::Overlap);
    }
    let b = bytes(&src, 1, n)?;
    write_to(&dst, 0, b)
}

/// `strchr(s, c)`: the offset (from the start) of the first `(char)c`, or `None` (NULL); the
/// NUL itself is found by `strchr(s, 0)`.
pub fn strchr(s: View<'_>, c: i128) -> Result<Option<u64>, StrError> {
    let c = c as u8;
    let mut k = 0;
    loop {
        let b = s.byte(0, k)?;
        if b == c {
            return Ok(Some(k as u64));
        }
        if b == 0 {
            return Ok(None);
        }
        k += 1;
    }
}

/// `strrchr(s, c)`: the last occurrence.
pub fn strrchr(s: View<'_>, c: i128) -> Result<Option<u64>, StrError> {
    let c = c as u8;
    let n = s.len(0)?;
    if c == 0 {
        return Ok(Some(n as u64));
    }
    let b = bytes(&s, 0, n)?;
    Ok(b.iter().rposition(|&x| x == c).map(|k| k as u64))
}

/// `strstr(hay, needle)`: the offset of the first occurrence (0 for an empty needle).
pub fn strstr(hay: View<'_>, needle: View<'_>) -> Result<Option<u64>, StrError> {
    let h = read(hay, 0)?;
    let n = read(needle, 1)?;
    if n.is_empty() {
        return Ok(Some(0));
    }
    Ok(h.windows(n.len())
        .position(|w| w == n.as_slice())
        .map(|k| k as u64))
}

/// `strspn(s, accept)` (`reject` false) / `strcspn(s, reject)` (`reject` true): the length
/// of the longest prefix of `s` whose bytes are all in (none in) the second string.
pub fn strspn(s: View<'_>, set: View<'_>, reject: bool) -> Result<u64, StrError> {
    let h = read(s, 0)?;
    let set = read(set, 1)?;
    Ok(h.iter()
        .position(|b| set.contains(b) == reject)
        .unwrap_or(h.len()) as u64)
}

/// `strpbrk(s, accept)`: the offset of the first byte of `s` that is in `accept`.
pub fn strpbrk(s: View<'_>, accept: View<'_>) -> Result<Option<u64>, StrError> {
    let h = read(s, 0)?;
    let set = read(accept, 1)?;
    Ok(h.iter().position(|b| set.contains(b)).map(|k| k as u64))
}

/// The cells of a string literal used as an operand: its bytes and the NUL (a read-only
/// anonymous `char` array).
pub fn literal_cells(text: &[u8]) -> Vec<i128> {
    text.iter()
        .map(|&b| b as i8 as i128)
        .chain(std::iter::once(0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(s: &str, size: usize) -> Vec<i128> {
        let mut c = literal_cells(s.as_bytes());
        c.resize(size.max(c.len()), i128::MIN);
        c
    }

    #[test]
    fn length_and_comparison_follow_glibc() {
        let a = cells("hello", 10);
        assert_eq!(strlen(View::new(&a, 0)), Ok(5));
        assert_eq!(strlen(View::new(&a, 2)), Ok(3));
        let b = cells("help", 8);
        // 'l' - 'p'
        assert_eq!(strcmp(View::new(&a, 0), View::new(&b, 0)), Ok(-4));
        assert_eq!(strncmp(View::new(&a, 0), View::new(&b, 0), 3), Ok(0));
        let e = cells("", 1);
        assert_eq!(
            strcmp(View::new(&e, 0), View::new(&b, 0)),
            Ok(-(b'h' as i32))
        );
        // Bytes compare as unsigned char.
        let hi = vec![-56i128, 0];
        assert!(strcmp(View::new(&hi, 0), View::new(&b, 0)).unwrap() > 0);
    }

    #[test]
    fn missing_nul_and_small_destination_are_errors() {
        let full = vec![97i128, 98, 99];
        assert_eq!(
            strlen(View::new(&full, 0)),
            Err(StrError::OutOfBounds {
                arg: 0,
                index: 3,
                len: 3
            })
        );
        let dst = vec![i128::MIN; 3];
        let src = cells("abc", 4);
        assert_eq!(
            strcpy(View::new(&dst, 0), View::new(&src, 0)),
            Err(StrError::OutOfBounds {
                arg: 0,
                index: 3,
                len: 3
            })
        );
        let uninit = vec![i128::MIN; 4];
        assert_eq!(
            strlen(View::new(&uninit, 0)),
            Err(StrError::Uninitialized { arg: 0, index: 0 })
        );
    }

    #[test]
    fn copies_and_concatenation_write_the_nul() {
        let dst = cells("ab", 8);
        let src = cells("xyz", 4);
        assert_eq!(
            strcat(View::new(&dst, 0), View::new(&src, 0)),
            Ok(Write {
                at: 2,
                bytes: b"xyz\0".to_vec()
            })
        );
        assert_eq!(
            strncpy(View::new(&dst, 0), View::new(&src, 0), 5),
            Ok(Write {
                at: 0,
                bytes: b"xyz\0\0".to_vec()
            })
        );
        assert_eq!(
            strncpy(View::new(&dst, 0), View::new(&src, 0), 2)
                .unwrap()
                .bytes,
            b"xy".to_vec()
        );
        assert_eq!(
            strncat(View::new(&dst, 0), View::new(&src, 0), 1).unwrap(),
            Write {
                at: 2,
                bytes: b"x\0".to_vec()
            }
        );
        assert_eq!(
            memset(View::new(&dst, 0), 0x141, 3).unwrap().bytes,
            vec![0x41; 3]
        );
    }

    #[test]
    fn searches_return_offsets() {
        let s = cells("banana", 7);
        assert_eq!(strchr(View::new(&s, 0), b'n' as i128), Ok(Some(2)));
        assert_eq!(strrchr(View::new(&s, 0), b'n' as i128), Ok(Some(4)));
        assert_eq!(strchr(View::new(&s, 0), b'z' as i128), Ok(None));
        assert_eq!(strchr(View::new(&s, 0), 0), Ok(Some(6)));
        let n = cells("nan", 4);
        assert_eq!(strstr(View::new(&s, 0), View::new(&n, 0)), Ok(Some(2)));
    }

    #[test]
    fn memmove_allows_overlap_memcpy_does_not() {
        let s = cells("abcdef", 7);
        assert_eq!(
            memcpy(View::new(&s, 1), View::new(&s, 0), 3, false),
            Err(StrError::Overlap)
        );
        assert_eq!(
            memcpy(View::new(&s, 1), View::new(&s, 0), 3, true)
                .unwrap()
                .bytes,
            b"abc".to_vec()
        );
    }
}
