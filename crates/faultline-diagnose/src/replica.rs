//! From a failing test to the specification of its replica: entry, concrete inputs, expected
//! behaviour, and loop bounds derived from the concrete run.

use std::collections::HashMap;

use faultline_interp::{Coverage, Trace};
use faultline_ir::{walk_block, Component, Program, Stmt, StmtId, StmtKind};
use faultline_runner::{Compare, TestCase, TestKind};
use faultline_ssa::{Entry, Expected, ReplicaSpec};

/// Iterations added to what the failing runs needed, so that a relaxed condition can run a loop
/// a little longer than the faulty program did.
pub const UNWIND_SLACK: u32 = 2;

/// Upper bound of a derived unwinding bound: a test stuck in an infinite loop would otherwise
/// ask for millions of copies of the body. Paths that need more iterations are excluded by the
/// unwinding assertion, never silently cut.
pub const MAX_DERIVED_UNWIND: u32 = 256;

/// What to execute symbolically for a test case: its entry, concrete inputs and expectation.
pub fn replica_spec(case: &TestCase) -> ReplicaSpec {
    match &case.kind {
        TestKind::Unit { func } => ReplicaSpec {
            entry: Entry::Function(*func),
            program_name: String::new(),
            args: Vec::new(),
            stdin: Vec::new(),
            nondet: Vec::new(),
            expected: Expected::Unit,
        },
        TestKind::Io(io) => ReplicaSpec {
            entry: Entry::Main,
            program_name: io.input.program_name.clone(),
            args: io.input.args.clone(),
            stdin: io.input.stdin.clone(),
            nondet: io.input.nondet.clone(),
            expected: Expected::Io {
                stdout: io.stdout.clone(),
                compare: match io.compare {
                    Compare::Tokens => faultline_ssa::Compare::Tokens,
                    Compare::Exact => faultline_ssa::Compare::Exact,
                },
                exit_code: io.exit_code,
            },
        },
    }
}

/// The loops of a program with their condition statement (if the loop has one).
pub struct Loops {
    loops: Vec<LoopInfo>,
}

struct LoopInfo {
    stmt: StmtId,
    cond: Option<StmtId>,
    /// Statements directly in the body and latch (for loops without a condition).
    direct: Vec<StmtId>,
}

impl Loops {
    pub fn of(program: &Program) -> Loops {
        let mut loops = Vec::new();
        for f in &program.functions {
            walk_block(&f.body, &mut |s: &Stmt| {
                if let StmtKind::Loop { body, latch } = &s.kind {
                    let direct: Vec<&Stmt> = body.iter().chain(latch.iter()).collect();
                    let cond = direct
                        .iter()
                        .find(|d| d.component == Some(Component::LoopCond))
                        .map(|d| d.id);
                    loops.push(LoopInfo {
                        stmt: s.id,
                        cond,
                        direct: direct.iter().map(|d| d.id).collect(),
                    });
                }
            });
        }
        Loops { loops }
    }

    /// Per-loop unwinding bounds covering every given run plus [`UNWIND_SLACK`].
    pub fn bounds<'a>(
        &self,
        runs: impl IntoIterator<Item = (&'a Trace, &'a Coverage)> + Clone,
    ) -> HashMap<StmtId, u32> {
        let mut out = HashMap::new();
        for l in &self.loops {
            let mut need = 0u32;
            for (trace, coverage) in runs.clone() {
                let iterations = match l.cond {
                    // Longest run of condition evaluations between two exits: the iterations
                    // of one entry (plus the final, false evaluation).
                    Some(c) => {
                        let mut longest = 0u32;
                        let mut current = 0u32;
                        for e in trace.of(c) {
                            current += 1;
                            if e.values.first() == Some(&0) {
                                longest = longest.max(current);
                                current = 0;
                            }
                        }
                        longest.max(current)
                    }
                    // No condition (`for (;;)`): the most any direct statement ran, over all
                    // entries: an over-approximation, which only costs formula size.
                    None => l
                        .direct
                        .iter()
                        .map(|&s| coverage.count(s))
                        .max()
                        .unwrap_or(0),
                };
                need = need.max(iterations);
            }
            let bound = need.saturating_add(UNWIND_SLACK).min(MAX_DERIVED_UNWIND);
            out.insert(l.stmt, bound);
        }
        out
    }
}
