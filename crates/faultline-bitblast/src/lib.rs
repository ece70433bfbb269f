//! Bit-precise encoding of C integer operations into SAT.
//!
//! Three layers:
//!
//! * [`Aig`] — an and-inverter graph with constant propagation, structural hashing and cheap
//!   two-level rewrites. Constant operands never create nodes.
//! * [`BitVec`] — fixed-width vectors of graph edges with C's two's-complement operations
//!   (arithmetic, division with C truncation, barrel shifts, comparisons) and predicates for the
//!   cases C leaves undefined (signed overflow, division by zero, out-of-range shifts).
//! * [`fp`] — IEEE-754 binary32/binary64 operations on bit patterns, bit-identical to x86-64
//!   SSE2 (Rust's `f32`/`f64`), including subnormals and x86's NaN results.
//! * [`Tseitin`] — incremental CNF emission for the cone of influence of chosen roots into any
//!   `rustsat` clause collector, plus reading values back from a model.
//!
//! ```
//! use faultline_bitblast::{Aig, BitVec, Tseitin};
//! use rustsat::instances::{BasicVarManager, Cnf};
//!
//! let mut aig = Aig::new();
//! let x = BitVec::input(&mut aig, 8);
//! let seven = BitVec::constant(8, 7);
//! let prod = x.mul(&mut aig, &seven);
//! let goal = prod.eq(&mut aig, &BitVec::constant(8, 21));
//!
//! let (mut cnf, mut vm) = (Cnf::new(), BasicVarManager::default());
//! let mut enc = Tseitin::new();
//! enc.assert_lit(&aig, goal, &mut cnf, &mut vm).unwrap();
//! assert!(enc.stats().clauses > 0);
//!
//! // Constants fold completely: no AND nodes.
//! let before = aig.and_count();
//! let c = BitVec::constant(8, 6).mul(&mut aig, &seven);
//! assert_eq!(c.to_const(), Some(42));
//! assert_eq!(aig.and_count(), before);
//! ```

mod aig;
mod bitvec;
pub mod fp;
mod tseitin;

pub use aig::{Aig, AigLit, AigStats, Node};
pub use bitvec::BitVec;
pub use tseitin::{Tseitin, TseitinStats};
