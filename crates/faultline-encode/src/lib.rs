//! Propositional encoding: the third stage after the program (IR) and its symbolic execution (SSA
//! equation, `faultline-ssa`).
//!
//! * [`TermEncoder`] turns hash-consed terms into AIG bit-vectors (`faultline-bitblast`), once per
//!   term; constant sub-terms fold in the AIG too.
//! * [`Formula`] owns the AIG, its incremental Tseitin encoding and the MaxSAT instance: hard
//!   constraints are asserted, each component's health literal becomes a soft literal with the
//!   component's weight, and values of terms can be read back from a model (angelic values).
//!
//! Nothing here knows about C: the semantics were fixed by the symbolic executor, and the two
//! layers agree on every operation's meaning (including the values chosen where C is undefined,
//! which the executor guards separately).

mod formula;
mod terms;

pub use formula::{EncodeError, Formula, FormulaStats};
pub use terms::{EncodeLimits, Interrupt, Stopped, TermEncoder};
