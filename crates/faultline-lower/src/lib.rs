//! tree-sitter C to faultline IR.
//!
//! [`compile`] = preprocess + [`parse`] + [`lower`]. Lowering follows the IR's design rules
//! (see `faultline_ir::program`): pure expressions with side effects hoisted into statements (in
//! left-to-right order), explicit casts, structured control flow, a span and unique id on every
//! node. Choices the IR leaves open:
//!
//! * Conditions (`if`, loops, `?:`, `assert`) keep their own integer type, nonzero meaning true;
//!   they are not converted to `int`. A string literal there is a non-null pointer: true.
//! * `printf` integer arguments are converted to the type the conversion reads after default
//!   promotions: `int`/`unsigned` for no length, `h` and `hh` (the narrowing is the printer's),
//!   `long`/`unsigned long` for `l` and `z`, `long long`/`unsigned long long` for `ll`; a
//!   32-bit argument of a 64-bit conversion zero-extended, as gcc's x86-64 code passes it. An
//!   argument the conversion cannot read (a `double` for `%d`, an integer for `%f` or `%s`, a
//!   pointer for `%d`, none at all) is not an error: the call carries a `FormatMismatch`, undefined
//!   behaviour where a run reaches it. Arguments past the conversions are evaluated and dropped.
//! * A `scanf` conversion narrower than its object (`%f` into a `double`, `%d` into a `long`,
//!   `%c` into an `int`) stores into the object's low bytes (`format::store_scanned`); a wider
//!   one (it writes past the object) is an error.
//! * Spans of initialized declarations are the declarator (`x = 1` of `int x = 1, y;`); of array
//!   initializer elements, the element; of expression statements, the expression (no `;`).
//! * A string literal passed for a `char` array parameter becomes a global holding its bytes.
//! * Zero-filled runs of 64+ cells of a local array initializer are a loop over a temporary.
//! * Implicit `int` at file scope is handled by inserting `int ` and re-parsing (`rewrite`).
//!
//! Modules: `rewrite` (implicit `int`), `syntax` (syntax errors), `types` (declarators),
//! `literals`, `expr`, `builtins` (calls), `stmt`, `decl` (declarations and initializers),
//! `func` (signatures and the unit), `structs` (structs and unions, scalarized), `consteval`, and [`pretty`] (a readable dump of the IR).

mod builtins;
mod callbacks;
mod consteval;
mod ctx;
mod ctype;
mod decl;
mod expr;
mod func;
mod literals;
mod names;
pub mod pretty;
mod recursive;
mod rewrite;
mod stdlib;
mod stmt;
mod strtok;
mod structs;
mod syntax;
mod types;

use faultline_ir::{FrontendErrors, LowerOptions, Program};
use faultline_preproc::{FileLoader, Preprocessed};

use crate::ctx::Lowerer;
use crate::rewrite::Shifts;

pub use crate::names::parser_text;
pub use crate::types::VLA_BOUND;

/// Parse C with tree-sitter-c.
pub fn parse(text: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    // Loading the bundled grammar only fails on an ABI mismatch between the two crates, which
    // the pinned versions rule out.
    parser
        .set_language(&tree_sitter_c::LANGUAGE.into())
        .expect("tree-sitter-c grammar is ABI-compatible with tree-sitter");
    match parser.parse(text, None) {
        Some(t) => t,
        // Only with a timeout/cancellation flag set, which we never set.
        None => unreachable!("tree-sitter parse without a timeout cannot be cancelled"),
    }
}

/// Stack of the lowering thread: lowering recurses once per level of nesting (up to
/// `MAX_DEPTH`, several frames a level), which a caller's 2 MiB thread (a test, a tokio or
/// rayon worker) cannot hold; only the pages a file's nesting touches are committed.
const LOWER_STACK: usize = 256 << 20;

/// Lower a preprocessed translation unit with the default options.
pub fn lower(pre: &Preprocessed) -> Result<Program, FrontendErrors> {
    lower_with(pre, LowerOptions::default())
}

/// Lower a preprocessed translation unit; `options` are kept in the program
/// (`Program::options`) for its recompiles.
pub fn lower_with(pre: &Preprocessed, options: LowerOptions) -> Result<Program, FrontendErrors> {
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("faultline-lower".into())
            .stack_size(LOWER_STACK)
            .spawn_scoped(s, || lower_here(pre, options))
        {
            Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            // No thread to be had (resource limits): lower on this one.
            Err(_) => lower_here(pre, options),
        }
    })
}

fn lower_here(pre: &Preprocessed, options: LowerOptions) -> Result<Program, FrontendErrors> {
    // `true`, `false` and `bool` not from <stdbool.h> are names (see `names`).
    let first = parse(&parser_text(&pre.text));
    let (text, shifts, tree) = match rewrite::implicit_int(&pre.text, &first) {
        Some((text, shifts)) => {
            let tree = parse(&parser_text(&text));
            (std::borrow::Cow::Owned(text), shifts, tree)
        }
        None => (
            std::borrow::Cow::Borrowed(pre.text.as_str()),
            Shifts::default(),
            first,
        ),
    };
    let mut lw = Lowerer::new(&text, pre, &shifts, options);
    (lw.gotos, lw.labels) = stmt::goto_index(tree.root_node(), &text);
    let program = if syntax::report(&mut lw, &tree) {
        None
    } else {
        lw.unit(&tree)
    };
    match program {
        Some(mut p) if lw.errors.is_empty() => {
            recursive::keep_recursive_arguments(&mut p);
            Ok(p)
        }
        _ => Err(FrontendErrors {
            files: pre.files.clone(),
            errors: lw.errors,
        }),
    }
}

/// Preprocess, parse and lower one file with the default options.
pub fn compile(path: &str, text: &str, loader: &dyn FileLoader) -> Result<Program, FrontendErrors> {
    compile_with(path, text, loader, LowerOptions::default())
}

/// Preprocess, parse and lower one file with the user's `options` (`faultline.toml`'s
/// `[limits]`). A recompile of an edited program passes the original's `Program::options`.
pub fn compile_with(
    path: &str,
    text: &str,
    loader: &dyn FileLoader,
    options: LowerOptions,
) -> Result<Program, FrontendErrors> {
    let pre = faultline_preproc::preprocess(path, text, loader)?;
    lower_with(&pre, options)
}
