//! Arguments of recursive calls stay inside the call.
//!
//! A user call's expression argument is a component of its own ([`Component::Argument`]),
//! except where the call is recursive (its callee can call back the function that makes it).
//! Relaxed there, the argument makes the depth of the inlined recursion symbolic: both
//! branches of every level are encoded with nothing left to fold, so a binary recursion of
//! depth d becomes 2^d symbolic calls. On `fib` (depth 6) the check of `n - 1` alone ran
//! 40 s on a formula of 143k variables, past the 3 s limit of a single check, and the two
//! undecided arguments made the enumeration incomplete. Such an argument is left to the call
//! and the statements of the callee, as before; this pass runs after the whole unit is
//! lowered, when the call graph is known.

use faultline_ir::{Arg, Block, Component, ExprKind, FuncId, Program, StmtKind, VarRef};

/// Turns the argument temporaries of every recursive call back into plain temporaries.
pub(crate) fn keep_recursive_arguments(program: &mut Program) {
    let n = program.functions.len();
    let mut calls: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, f) in program.functions.iter().enumerate() {
        callees(&f.body, &mut calls[i]);
    }
    // reach[i]: the functions i calls, directly or not (a few hundred functions at most).
    let reach: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            let mut seen = vec![false; n];
            let mut stack = calls[i].clone();
            while let Some(g) = stack.pop() {
                if g < n && !seen[g] {
                    seen[g] = true;
                    stack.extend(calls[g].iter().copied());
                }
            }
            seen
        })
        .collect();
    for (i, f) in program.functions.iter_mut().enumerate() {
        let recursive = |g: FuncId| reach.get(g.index()).is_some_and(|r| r[i]);
        plain_arguments(&mut f.body, &recursive);
    }
}

fn callees(block: &Block, out: &mut Vec<usize>) {
    for s in block {
        match &s.kind {
            StmtKind::Call { func, .. } => out.push(func.index()),
            StmtKind::If { then_, else_, .. } => {
                callees(then_, out);
                callees(else_, out);
            }
            StmtKind::Loop { body, latch } => {
                callees(body, out);
                callees(latch, out);
            }
            StmtKind::Switch { arms, .. } => arms.iter().for_each(|a| callees(&a.body, out)),
            _ => {}
        }
    }
}

fn plain_arguments(block: &mut Block, recursive: &dyn Fn(FuncId) -> bool) {
    for k in 0..block.len() {
        match &mut block[k].kind {
            StmtKind::If { then_, else_, .. } => {
                plain_arguments(then_, recursive);
                plain_arguments(else_, recursive);
            }
            StmtKind::Loop { body, latch } => {
                plain_arguments(body, recursive);
                plain_arguments(latch, recursive);
            }
            StmtKind::Switch { arms, .. } => arms
                .iter_mut()
                .for_each(|a| plain_arguments(&mut a.body, recursive)),
            _ => {}
        }
        let StmtKind::Call { func, args, .. } = &block[k].kind else {
            continue;
        };
        if !recursive(*func) {
            continue;
        }
        let temps: Vec<_> = args
            .iter()
            .filter_map(|a| match a {
                Arg::Value(e) => {
                    let mut e = e;
                    while let ExprKind::Cast(inner) = &e.kind {
                        e = inner;
                    }
                    match &e.kind {
                        ExprKind::Load(p) if p.indices.is_empty() => match p.base {
                            VarRef::Local(l) => Some(l),
                            _ => None,
                        },
                        _ => None,
                    }
                }
                Arg::ArrayRef(_) => None,
            })
            .collect();
        // The argument statements are emitted just before the call, in the same block.
        for s in block[..k].iter_mut().rev() {
            if s.component != Some(Component::Argument) {
                continue;
            }
            if let StmtKind::Assign { place, .. } = &s.kind {
                if place.indices.is_empty()
                    && matches!(place.base, VarRef::Local(l) if temps.contains(&l))
                {
                    s.component = None;
                }
            }
        }
    }
}
