//! Component weights and the SSA records of a small program.

mod common;

use common::compile;
use faultline_ir::Component;
use faultline_ssa::term::Leaf;
use faultline_ssa::{
    symex, Components, DefKind, Entry, Expected, ReplicaSpec, SymexOptions, TermStore, VarOrigin,
};

const PROGRAM: &str = r#"
#include <stdio.h>
int f(int x) {
    int y = 0;
    if (x > 0) {
        y = 1;
        if (x > 5)
            y = 2;
    } else {
        y = -1;
    }
    while (y < 4)
        y++;
    return y;
}
int main(void) {
    printf("%d\n", f(3));
    return 0;
}
"#;

fn line_of(p: &faultline_ir::Program, c: &faultline_ssa::ComponentInfo) -> u32 {
    p.files.locate(c.span).start.line
}

#[test]
fn weights_grow_with_the_guarded_sub_ast_and_io_dominates() {
    let p = compile(PROGRAM);
    let comps = Components::from_program(&p);
    let find = |line: u32, kind: Component| {
        comps
            .all()
            .iter()
            .find(|c| line_of(&p, c) == line && c.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} on line {line}: {:#?}", comps.all()))
    };
    let outer = find(5, Component::IfCond);
    let inner = find(7, Component::IfCond);
    let lp = find(12, Component::LoopCond);
    // inner guards one assignment; outer guards `y = 1`, the inner `if` and `y = -1`.
    assert_eq!(inner.weight, 2);
    assert_eq!(outer.weight, 1 + 1 + inner.weight + 1);
    assert_eq!(lp.weight, 2);
    // The call `f(3)` stands for all of f's logic: `y = 0`, the outer `if`, the loop, `return`.
    let call = find(17, Component::Call);
    assert_eq!(call.weight, 1 + (1 + outer.weight + lp.weight + 1));
    let logic: u64 = comps
        .all()
        .iter()
        .filter(|c| !c.kind.is_io())
        .map(|c| c.weight)
        .sum();
    let io = find(17, Component::Output);
    assert_eq!(io.weight, 1000 * logic + 1);
    for c in comps.all() {
        assert_eq!(comps.of_stmt(c.stmt), Some(c.id));
        if !c.kind.is_condition() && !c.kind.is_io() && c.kind != Component::Call {
            assert_eq!(c.weight, 1, "{c:?}");
        }
    }
}

/// An `else if` ladder is one flat choice: each rung's condition weighs 1 + its own branch, not
/// the rungs below it, while the ladder still counts in full for what encloses it.
#[test]
fn else_if_rungs_weigh_their_own_branches_only() {
    let p = compile(
        r#"
#include <stdio.h>
int main(void) {
    int a, v = 0, c = 0;
    scanf("%d", &a);
    while (a > 0) {
        if (a == 1 || a == 5)
            v++;
        else if (a > 2 && a < 9)
            c++;
        else if (a == getchar())
            c = c + 2;
        else {
            v--;
            c--;
        }
        a--;
    }
    printf("%d %d\n", v, c);
    return 0;
}
"#,
    );
    let comps = Components::from_program(&p);
    let find = |line: u32, kind: Component| {
        comps
            .all()
            .iter()
            .find(|c| line_of(&p, c) == line && c.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} on line {line}: {:#?}", comps.all()))
    };
    let head = find(7, Component::IfCond);
    let second = find(9, Component::IfCond);
    let third = find(11, Component::IfCond);
    assert_eq!(head.weight, 2, "the head guards `v++` only");
    assert_eq!(second.weight, 2, "the second rung guards `c++` only");
    // The last rung guards its branch and the final `else` (two statements).
    assert_eq!(third.weight, 1 + 1 + 2);
    // The loop guards the whole ladder: every rung with its branches, the `getchar` hoisted out
    // of the third condition and `a--`.
    let lp = find(6, Component::LoopCond);
    let getchar = comps
        .all()
        .iter()
        .filter(|c| line_of(&p, c) == 11 && !c.kind.is_io() && c.kind != Component::IfCond)
        .map(|c| c.weight)
        .sum::<u64>();
    assert_eq!(
        lp.weight,
        1 + head.weight + second.weight + third.weight + getchar + 1
    );
}

#[test]
fn ssa_records_are_complete_and_topological() {
    let p = compile(PROGRAM);
    let comps = Components::from_program(&p);
    let spec = ReplicaSpec {
        entry: Entry::Main,
        program_name: "prog".into(),
        args: Vec::new(),
        stdin: Vec::new(),
        nondet: Vec::new(),
        expected: Expected::Io {
            stdout: Some(b"4\n".to_vec()),
            compare: faultline_ssa::Compare::Tokens,
            exit_code: 0,
        },
    };
    let mut ts = TermStore::new();
    let opts = SymexOptions {
        unwind: 6,
        ..SymexOptions::default()
    };
    let rep = symex(&p, &comps, &spec, &mut ts, &opts).unwrap();
    // Every dependency and control dependency points to an earlier definition.
    for d in &rep.ssa_defs {
        for dep in rep.deps(d) {
            assert!(dep.0 < d.id.0, "{d:?} depends on later {dep:?}");
        }
        if let Some(c) = d.ctrl {
            assert!(c.0 < d.id.0);
            assert_eq!(rep.ssa_defs[c.index()].kind, DefKind::Cond);
        }
    }
    // `y` of `f` is merged after the outer `if`: a phi whose dependencies include the
    // condition.
    let f = p.function_by_name("f").unwrap();
    let phis: Vec<_> = rep
        .ssa_defs
        .iter()
        .filter(|d| {
            d.kind == DefKind::Phi
                && d.var.is_some_and(|v| {
                    matches!(rep.vars[v.var.0 as usize].origin, VarOrigin::Local(func, _) if func == f)
                })
        })
        .collect();
    assert!(!phis.is_empty(), "no phi for y");
    for phi in &phis {
        assert!(rep
            .deps(phi)
            .iter()
            .any(|d| rep.ssa_defs[d.index()].kind == DefKind::Cond));
    }
    // Symbolic: both branches were executed, so relaxation points exist in both.
    let lines: std::collections::BTreeSet<u32> = rep
        .relax_points
        .iter()
        .map(|r| {
            let c = comps.get(r.component).unwrap();
            p.files.locate(c.span).start.line
        })
        .collect();
    for l in [6, 8, 10] {
        assert!(
            lines.contains(&l),
            "no relaxation point on line {l}: {lines:?}"
        );
    }
    // All healthy, the test passes; an unhealthy `return y` passes with angelic value 4 and
    // fails with 7.
    let eval_all = |health_bad: Option<u32>, free_val: u128| {
        let leaf = |l: Leaf| match l {
            Leaf::Health(c) => u128::from(Some(c.0) != health_bad),
            Leaf::Free(..) => free_val,
        };
        let mut ev = faultline_ssa::Evaluator::new(&ts, &leaf);
        rep.hard.iter().all(|&h| ev.eval(h) == 1)
    };
    assert!(eval_all(None, 0));
    let ret = comps
        .all()
        .iter()
        .find(|c| c.kind == Component::Return && line_of(&p, c) == 14)
        .unwrap();
    assert!(!eval_all(Some(ret.id.0), 7));
    assert!(eval_all(Some(ret.id.0), 4));
}

#[test]
fn an_unhealthy_statement_does_not_evaluate_its_expression() {
    // The interpreter's override skips the expression, so its undefined behaviour is gone too.
    let p = compile(
        "#include <assert.h>\nint f(void) {\n int z = 0;\n int x = 10 / z;\n return x;\n}\nvoid test_div(void) { assert(f() == 5); }\n",
    );
    let comps = Components::from_program(&p);
    let spec = ReplicaSpec {
        entry: Entry::Function(p.tests[0]),
        program_name: String::new(),
        args: Vec::new(),
        stdin: Vec::new(),
        nondet: Vec::new(),
        expected: Expected::Unit,
    };
    let mut ts = TermStore::new();
    let rep = symex(&p, &comps, &spec, &mut ts, &SymexOptions::default()).unwrap();
    let div = comps
        .all()
        .iter()
        .find(|c| line_of(&p, c) == 4)
        .expect("component on line 4");
    let rp = rep
        .relax_points
        .iter()
        .find(|r| r.component == div.id)
        .expect("relaxation point");
    let holds = |bad: bool, v: u128| {
        let leaf = |l: Leaf| match l {
            Leaf::Health(c) => u128::from(!(bad && c == div.id)),
            Leaf::Free(f, _) if f == rp.free => v,
            Leaf::Free(..) => 0,
        };
        let mut ev = faultline_ssa::Evaluator::new(&ts, &leaf);
        rep.hard.iter().all(|&h| ev.eval(h) == 1)
    };
    assert!(
        !holds(false, 5),
        "division by zero fails the healthy program"
    );
    assert!(holds(true, 5), "the angelic value 5 fixes it");
    assert!(!holds(true, 4));
}

#[test]
fn variables_have_readable_names() {
    let p = compile(PROGRAM);
    let comps = Components::from_program(&p);
    let spec = ReplicaSpec {
        entry: Entry::Main,
        program_name: "prog".into(),
        args: Vec::new(),
        stdin: Vec::new(),
        nondet: Vec::new(),
        expected: Expected::Unit,
    };
    let mut ts = TermStore::new();
    let opts = SymexOptions {
        all_healthy_constant: true,
        ..SymexOptions::default()
    };
    let rep = symex(&p, &comps, &spec, &mut ts, &opts).unwrap();
    let names: std::collections::BTreeSet<String> = rep
        .ssa_defs
        .iter()
        .filter_map(|d| d.var.map(|v| rep.var_name(&p, v)))
        .collect();
    assert!(names.contains("y@1"), "{names:?}");
    assert!(names.contains("x@1"), "{names:?}");
}

/// Inconsistent IR (a lowering bug) is an error value, never a panic.
#[test]
fn inconsistent_ir_is_an_error_not_a_panic() {
    use faultline_ir::{
        Expr, ExprId, ExprKind, FileId, Function, IntKind, LocalId, Place, Span, Stmt, StmtId,
        StmtKind, Type, VarRef,
    };
    let span = Span::new(FileId(0), 0, 0);
    let c = |v: i128| Expr {
        id: ExprId(0),
        kind: ExprKind::Const(v),
        ty: IntKind::Int,
        span,
    };
    let bodies: Vec<Vec<Stmt>> = vec![
        vec![Stmt {
            id: StmtId(0),
            kind: StmtKind::Break,
            span,
            component: None,
        }],
        vec![Stmt {
            id: StmtId(0),
            kind: StmtKind::Assign {
                place: Place {
                    base: VarRef::Local(LocalId(7)),
                    indices: Vec::new(),
                    span,
                },
                value: c(1),
            },
            span,
            component: Some(faultline_ir::Component::Assign),
        }],
        vec![Stmt {
            id: StmtId(5),
            kind: StmtKind::Exit(c(0)),
            span,
            component: None,
        }],
        vec![Stmt {
            id: StmtId(0),
            kind: StmtKind::Call {
                dest: None,
                func: faultline_ir::FuncId(9),
                args: Vec::new(),
            },
            span,
            component: None,
        }],
    ];
    for body in bodies {
        let program = faultline_ir::Program {
            files: faultline_ir::SourceFiles::new(),
            globals: Vec::new(),
            functions: vec![Function {
                name: "main".into(),
                params: Vec::new(),
                ret: Type::INT,
                locals: Vec::new(),
                body,
                span,
                name_span: span,
            }],
            main: Some(faultline_ir::FuncId(0)),
            tests: Vec::new(),
            stmt_count: 1,
            expr_count: 1,
            fn_pointers: Default::default(),
            bound_checks: Vec::new(),
            options: Default::default(),
        };
        let comps = Components::from_program(&program);
        let spec = ReplicaSpec {
            entry: Entry::Main,
            program_name: "p".into(),
            args: Vec::new(),
            stdin: Vec::new(),
            nondet: Vec::new(),
            expected: Expected::Unit,
        };
        let mut ts = TermStore::new();
        let r = symex(&program, &comps, &spec, &mut ts, &SymexOptions::default());
        assert!(
            matches!(r, Err(faultline_ssa::SymexError::InvalidIr { .. })),
            "{r:?}"
        );
    }
}

#[test]
fn unit_tests_are_the_specification_not_components() {
    let p = compile(
        "#include <assert.h>\nint twice(int x) {\n return x + x;\n}\nvoid test_twice(void) {\n int y = twice(2);\n assert(y == 4);\n}\n",
    );
    let comps = Components::from_program(&p);
    let lines: Vec<u32> = comps.all().iter().map(|c| line_of(&p, c)).collect();
    assert_eq!(
        lines,
        vec![3],
        "only `return x + x` in twice() is a component"
    );
}

#[test]
fn assigning_an_input_is_an_input_statement() {
    let p = compile(
        "#include <stdlib.h>\nint g;\nint main(int argc, char *argv[]) {\n g = atoi(argv[1]);\n return g > 3;\n}\n",
    );
    let comps = Components::from_program(&p);
    let on_4: Vec<Component> = comps
        .all()
        .iter()
        .filter(|c| line_of(&p, c) == 4)
        .map(|c| c.kind)
        .collect();
    assert!(!on_4.is_empty());
    assert!(on_4.iter().all(|k| *k == Component::Input), "{on_4:?}");
}
