//! Symbolic execution of the faultline IR into a guarded SSA equation (the middle stage between
//! the program and its propositional encoding, as in CBMC).
//!
//! For model-based diagnosis à la CFaults, every failing test becomes one *replica* of the
//! program: [`symex()`] executes the test's entry on its concrete inputs, but with every
//! [component](components) *relaxed* — its effective value is `ite(healthy, as_written, free)` —
//! and both branches of every condition explored under guards. The health literals are shared by
//! all replicas (they are [`term::Op::Health`] leaves of one [`TermStore`]), the free values are
//! fresh per replica and per dynamic instance. The result ([`Replica`]) is a list of hard
//! constraints (asserts, undefined behaviour, unwinding bounds, the test's expected behaviour),
//! the relaxation points (where angelic values live) and SSA definition records for slicing.
//!
//! Modules, one job each:
//! * [`components`]: components and their MaxSAT weights.
//! * [`term`]: the hash-consed bit-vector term DAG with folding and evaluation.
//! * [`spec`]: what to execute (the test) and what comes out (the replica).
//! * [`mod@symex`]: the executor (`memory`, `expr`, `output`, `input` are its parts).
//!
//! `printf` rendering and `scanf`/`getchar`/`strtol` on concrete text are `faultline_libc`'s, the
//! same functions the interpreter runs, so the model agrees with it byte for byte.
//!
//! # Limits
//!
//! * `atoi` of a computed string (array cells that do not fold to constants) is
//!   [`SymexError::Unsupported`]; `atoi(argv[i])` works for any (symbolic) `i`.
//! * Strings printed from arrays need a constant array length (`argv` rows always work).
//! * Floating point is bit-precise (see [`float`]) except `math.h` functions other than
//!   `sqrt fabs floor ceil round trunc fmod fmin fmax` with symbolic arguments, which are fresh
//!   values noted in [`Replica::notes`].
//! * Bounds come from [`SymexOptions`]: loops and recursion beyond them are excluded by hard
//!   unwinding constraints, so a diagnosis should derive them from the failing runs.
//! * Library calls the formula does not unroll over symbolic data read the healthy run's
//!   values, pinned by a hard constraint: `sprintf`/`snprintf` arguments, `sscanf`'s and
//!   `strtol`'s text, a heap block's size (at most the healthy run's). A diagnosis whose values would change
//!   them is not considered (sound, not complete).

pub mod components;
pub mod float;
pub mod pointer;
pub mod spec;
pub mod symex;
pub mod term;

pub use components::{ComponentId, ComponentInfo, Components};
pub use spec::{
    Compare, DefKind, Entry, Expected, HardReason, Param, PointerObject, PointerPoint,
    PointerTarget, RelaxPoint, Replica, ReplicaSpec, SsaDef, SsaId, SymexError, SymexNote,
    SymexOptions, SymexStats, TextPoint, VarCell, VarId, VarInfo, VarOrigin,
};
pub use symex::output::{cursor_text, text_between};
pub use symex::symex;
pub use term::{Evaluator, FreeId, Leaf, Sort, TermId, TermStore};
