//! Random single-fault C programs for the property tests (`random_programs.rs`, whose docs
//! describe the language, and `must_sets.rs` include this module).
//! A seed drives a small generator of `int f(int a, int b)` plus 4–6 unit tests whose
//! expectations come from an evaluator of the generated AST; one statement is mutated and the
//! mutant is kept when some test fails by an assertion.

#![allow(dead_code)]

use std::collections::HashMap;

use faultline_diagnose::UNWIND_SLACK;
use faultline_ir::Program;
use faultline_runner::{Status, Suite, TestResult};

// The generated language.

/// Variables: parameters, data locals, loop counters.
const NAMES: [&str; 7] = ["a", "b", "x", "y", "z", "i", "j"];
const DATA: [usize; 5] = [0, 1, 2, 3, 4];
const TARGETS: [usize; 3] = [2, 3, 4];
const LOOP_VARS: [usize; 2] = [5, 6];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Operand {
    Var(usize),
    Const(i64),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Arith {
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Expr {
    Op(Operand),
    Bin(Operand, Arith, Operand),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Cond {
    l: Operand,
    op: Cmp,
    r: Operand,
}

#[derive(Clone, Debug, PartialEq)]
enum Stmt {
    Assign(usize, Expr),
    If(Cond, Vec<Stmt>, Vec<Stmt>),
    /// `for (var = start; var cmp bound; var++) body`; `id` numbers the loops.
    For {
        id: usize,
        var: usize,
        start: i64,
        cmp: Cmp,
        bound: i64,
        body: Vec<Stmt>,
    },
    Return(Expr),
}

#[derive(Clone, Debug, PartialEq)]
struct Func {
    /// Initializers of x, y, z (over a, b and constants).
    init: [Expr; 3],
    body: Vec<Stmt>,
    /// x, y and z are the members of a local struct (`s.x`), assigned one per line: the same
    /// program through scalarized struct members (chosen by the seed's parity, so the random
    /// stream of every seed is unchanged).
    in_struct: bool,
}

// ---------------------------------------------------------------------------------------------
// Printing: one component per line.

fn operand(o: Operand) -> String {
    match o {
        Operand::Var(v) => NAMES[v].to_string(),
        Operand::Const(c) if c < 0 => format!("({c})"),
        Operand::Const(c) => c.to_string(),
    }
}

fn expr(e: Expr) -> String {
    match e {
        Expr::Op(o) => operand(o),
        Expr::Bin(l, op, r) => {
            let s = match op {
                Arith::Add => "+",
                Arith::Sub => "-",
                Arith::Mul => "*",
            };
            format!("{} {s} {}", operand(l), operand(r))
        }
    }
}

fn cmp(c: Cmp) -> &'static str {
    match c {
        Cmp::Lt => "<",
        Cmp::Le => "<=",
        Cmp::Gt => ">",
        Cmp::Ge => ">=",
        Cmp::Eq => "==",
        Cmp::Ne => "!=",
    }
}

fn print_block(b: &[Stmt], indent: usize, out: &mut String) {
    let pad = "    ".repeat(indent);
    for s in b {
        match s {
            Stmt::Assign(t, e) => out.push_str(&format!("{pad}{} = {};\n", NAMES[*t], expr(*e))),
            Stmt::Return(e) => out.push_str(&format!("{pad}return {};\n", expr(*e))),
            Stmt::If(c, t, e) => {
                out.push_str(&format!(
                    "{pad}if ({} {} {}) {{\n",
                    operand(c.l),
                    cmp(c.op),
                    operand(c.r)
                ));
                print_block(t, indent + 1, out);
                if e.is_empty() {
                    out.push_str(&format!("{pad}}}\n"));
                } else {
                    out.push_str(&format!("{pad}}} else {{\n"));
                    print_block(e, indent + 1, out);
                    out.push_str(&format!("{pad}}}\n"));
                }
            }
            Stmt::For {
                var,
                start,
                cmp: c,
                bound,
                body,
                ..
            } => {
                let v = NAMES[*var];
                out.push_str(&format!(
                    "{pad}for ({v} = {};\n",
                    operand(Operand::Const(*start))
                ));
                out.push_str(&format!(
                    "{pad}     {v} {} {};\n",
                    cmp(*c),
                    operand(Operand::Const(*bound))
                ));
                out.push_str(&format!("{pad}     {v}++) {{\n"));
                print_block(body, indent + 1, out);
                out.push_str(&format!("{pad}}}\n"));
            }
        }
    }
}

/// `x`, `y`, `z` as identifiers in printed C become `s.x`, `s.y`, `s.z`.
fn members(text: &str) -> String {
    let mut out = String::new();
    let mut prev_ident = false;
    for ch in text.chars() {
        let ident = ch.is_ascii_alphanumeric() || ch == '_' || ch == '.';
        if matches!(ch, 'x' | 'y' | 'z') && !prev_ident {
            out.push_str("s.");
        }
        out.push(ch);
        prev_ident = ident;
    }
    out
}

fn source(f: &Func, tests: &[(i64, i64, i64)]) -> String {
    let mut out = String::from("#include <assert.h>\n\n");
    if f.in_struct {
        out.push_str("struct vars { int x; int y; int z; };\n\n");
    }
    out.push_str("int f(int a, int b) {\n");
    let mut body = String::new();
    if f.in_struct {
        body.push_str("    struct vars s;\n");
        for (k, e) in f.init.iter().enumerate() {
            body.push_str(&format!("    {} = {};\n", NAMES[2 + k], expr(*e)));
        }
    } else {
        for (k, e) in f.init.iter().enumerate() {
            body.push_str(&format!("    int {} = {};\n", NAMES[2 + k], expr(*e)));
        }
    }
    body.push_str("    int i;\n    int j;\n");
    print_block(&f.body, 1, &mut body);
    if f.in_struct {
        body = members(&body);
    }
    out.push_str(&body);
    out.push_str("}\n");
    for (k, (a, b, expected)) in tests.iter().enumerate() {
        out.push_str(&format!(
            "\nvoid test_{k}(void) {{\n    assert(f({a}, {b}) == {expected});\n}}\n"
        ));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Evaluation (the oracle for EXPECTED).

#[derive(Debug)]
struct Ub;

struct Eval {
    vars: [Option<i64>; 7],
    /// Per loop: the most condition evaluations of one entry (as the derived bounds count).
    evals: HashMap<usize, u32>,
}

fn int(v: i64) -> Result<i64, Ub> {
    if v < i32::MIN as i64 || v > i32::MAX as i64 {
        Err(Ub)
    } else {
        Ok(v)
    }
}

impl Eval {
    fn operand(&self, o: Operand) -> Result<i64, Ub> {
        match o {
            Operand::Var(v) => self.vars[v].ok_or(Ub),
            Operand::Const(c) => Ok(c),
        }
    }

    fn expr(&self, e: Expr) -> Result<i64, Ub> {
        match e {
            Expr::Op(o) => self.operand(o),
            Expr::Bin(l, op, r) => {
                let (l, r) = (self.operand(l)?, self.operand(r)?);
                int(match op {
                    Arith::Add => l + r,
                    Arith::Sub => l - r,
                    Arith::Mul => l * r,
                })
            }
        }
    }

    fn test(l: i64, op: Cmp, r: i64) -> bool {
        match op {
            Cmp::Lt => l < r,
            Cmp::Le => l <= r,
            Cmp::Gt => l > r,
            Cmp::Ge => l >= r,
            Cmp::Eq => l == r,
            Cmp::Ne => l != r,
        }
    }

    fn block(&mut self, b: &[Stmt]) -> Result<Option<i64>, Ub> {
        for s in b {
            match s {
                Stmt::Assign(t, e) => self.vars[*t] = Some(self.expr(*e)?),
                Stmt::Return(e) => return Ok(Some(self.expr(*e)?)),
                Stmt::If(c, t, e) => {
                    let taken = Self::test(self.operand(c.l)?, c.op, self.operand(c.r)?);
                    if let Some(v) = self.block(if taken { t } else { e })? {
                        return Ok(Some(v));
                    }
                }
                Stmt::For {
                    id,
                    var,
                    start,
                    cmp,
                    bound,
                    body,
                } => {
                    self.vars[*var] = Some(*start);
                    let mut n = 0u32;
                    let ret = loop {
                        n += 1;
                        if !Self::test(self.vars[*var].ok_or(Ub)?, *cmp, *bound) {
                            break None;
                        }
                        if let Some(v) = self.block(body)? {
                            break Some(v);
                        }
                        self.vars[*var] = Some(int(self.vars[*var].ok_or(Ub)? + 1)?);
                    };
                    let m = self.evals.entry(*id).or_insert(0);
                    *m = (*m).max(n);
                    if ret.is_some() {
                        return Ok(ret);
                    }
                }
            }
        }
        Ok(None)
    }
}

/// `f(a, b)` and the loops' condition evaluations, or `Err` on undefined behaviour.
fn eval(f: &Func, a: i64, b: i64) -> Result<(i64, HashMap<usize, u32>), Ub> {
    let mut ev = Eval {
        vars: [Some(a), Some(b), None, None, None, None, None],
        evals: HashMap::new(),
    };
    for (k, e) in f.init.iter().enumerate() {
        ev.vars[2 + k] = Some(ev.expr(*e)?);
    }
    match ev.block(&f.body)? {
        Some(v) => Ok((v, ev.evals)),
        None => Err(Ub),
    }
}

// ---------------------------------------------------------------------------------------------
// Generation.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

struct Gen<'r> {
    rng: &'r mut Rng,
    loops: usize,
}

impl Gen<'_> {
    fn operand(&mut self, readable: &[usize]) -> Operand {
        if self.rng.chance(70) {
            Operand::Var(self.rng.pick(readable))
        } else {
            Operand::Const(self.rng.range(0, 9))
        }
    }

    fn expr(&mut self, readable: &[usize]) -> Expr {
        if self.rng.chance(25) {
            return Expr::Op(self.operand(readable));
        }
        let op = match self.rng.below(10) {
            0..=3 => Arith::Add,
            4..=7 => Arith::Sub,
            _ => Arith::Mul,
        };
        let l = Operand::Var(self.rng.pick(readable));
        let r = if op == Arith::Mul && self.rng.chance(60) {
            Operand::Const(self.rng.range(2, 3))
        } else {
            self.operand(readable)
        };
        Expr::Bin(l, op, r)
    }

    fn cond(&mut self, readable: &[usize]) -> Cond {
        let op = self.rng.pick(&[
            Cmp::Lt,
            Cmp::Lt,
            Cmp::Le,
            Cmp::Gt,
            Cmp::Ge,
            Cmp::Eq,
            Cmp::Ne,
        ]);
        Cond {
            l: Operand::Var(self.rng.pick(readable)),
            op,
            r: self.operand(readable),
        }
    }

    /// A block of at most `*budget` statements (at least one), nested at most `depth` deep.
    fn block(&mut self, budget: &mut usize, depth: usize, readable: &[usize]) -> Vec<Stmt> {
        let want = 1 + self.rng.below(3) as usize;
        let mut out = Vec::new();
        while *budget > 0 && out.len() < want {
            *budget -= 1;
            let roll = self.rng.below(100);
            let in_loop = readable.len() > DATA.len();
            if roll < 20 && depth > 0 && *budget > 0 {
                let c = self.cond(readable);
                let t = self.block(budget, depth - 1, readable);
                let e = if self.rng.chance(60) && *budget > 0 {
                    self.block(budget, depth - 1, readable)
                } else {
                    Vec::new()
                };
                out.push(Stmt::If(c, t, e));
            } else if roll < 38 && depth > 0 && *budget > 0 && readable.len() < 7 {
                let var = LOOP_VARS[readable.len() - DATA.len()];
                let mut inner = readable.to_vec();
                inner.push(var);
                let id = self.loops;
                self.loops += 1;
                let cmp = if self.rng.chance(75) {
                    Cmp::Lt
                } else {
                    Cmp::Le
                };
                let bound = self.rng.range(0, if cmp == Cmp::Lt { 4 } else { 3 });
                let body = self.block(budget, depth - 1, &inner);
                out.push(Stmt::For {
                    id,
                    var,
                    start: 0,
                    cmp,
                    bound,
                    body,
                });
            } else if roll < 44 && (depth < 2 || in_loop) {
                // An early return, only nested (a top-level one would end the function).
                out.push(Stmt::Return(self.expr(readable)));
                break;
            } else {
                let t = self.rng.pick(&TARGETS);
                out.push(Stmt::Assign(t, self.expr(readable)));
            }
        }
        out
    }

    fn func(&mut self) -> Func {
        let params = [0usize, 1];
        let init = [self.expr(&params), self.expr(&params), self.expr(&params)];
        // 3–8 statements in all, the final return included.
        let mut budget = self.rng.range(2, 7) as usize;
        let mut body = Vec::new();
        while budget > 0 {
            let mut b = self.block(&mut budget, 2, &DATA);
            body.append(&mut b);
        }
        body.push(Stmt::Return(self.expr(&DATA)));
        Func {
            init,
            body,
            in_struct: false,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Mutation.

fn operand_variants(o: Operand, readable: &[usize]) -> Vec<Operand> {
    match o {
        Operand::Var(v) => readable
            .iter()
            .filter(|&&w| w != v)
            .map(|&w| Operand::Var(w))
            .collect(),
        Operand::Const(c) => vec![Operand::Const(c + 1), Operand::Const(c - 1)],
    }
}

fn expr_variants(e: Expr, readable: &[usize]) -> Vec<Expr> {
    match e {
        Expr::Op(o) => operand_variants(o, readable)
            .into_iter()
            .map(Expr::Op)
            .collect(),
        Expr::Bin(l, op, r) => {
            let swapped = match op {
                Arith::Add => Arith::Sub,
                Arith::Sub | Arith::Mul => Arith::Add,
            };
            let mut v = vec![Expr::Bin(l, swapped, r)];
            v.extend(
                operand_variants(l, readable)
                    .into_iter()
                    .filter(|o| matches!(o, Operand::Var(_)))
                    .map(|l| Expr::Bin(l, op, r)),
            );
            v.extend(
                operand_variants(r, readable)
                    .into_iter()
                    .map(|r| Expr::Bin(l, op, r)),
            );
            v
        }
    }
}

fn cmp_swap(c: Cmp) -> Cmp {
    match c {
        Cmp::Lt => Cmp::Le,
        Cmp::Le => Cmp::Lt,
        Cmp::Gt => Cmp::Ge,
        Cmp::Ge => Cmp::Gt,
        Cmp::Eq => Cmp::Ne,
        Cmp::Ne => Cmp::Eq,
    }
}

fn cond_variants(c: Cond, readable: &[usize]) -> Vec<Cond> {
    let mut v = vec![Cond {
        op: cmp_swap(c.op),
        ..c
    }];
    v.extend(
        operand_variants(c.l, readable)
            .into_iter()
            .filter(|o| matches!(o, Operand::Var(_)))
            .map(|l| Cond { l, ..c }),
    );
    v.extend(
        operand_variants(c.r, readable)
            .into_iter()
            .map(|r| Cond { r, ..c }),
    );
    v
}

/// Every single-statement mutant of a block.
fn block_mutants(b: &[Stmt], readable: &[usize]) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    for k in 0..b.len() {
        let mut with = |s: Stmt| {
            let mut m = b.to_vec();
            m[k] = s;
            out.push(m);
        };
        match &b[k] {
            Stmt::Assign(t, e) => {
                for e2 in expr_variants(*e, readable) {
                    with(Stmt::Assign(*t, e2));
                }
                for &t2 in TARGETS.iter().filter(|&&t2| t2 != *t) {
                    with(Stmt::Assign(t2, *e));
                }
            }
            Stmt::Return(e) => {
                for e2 in expr_variants(*e, readable) {
                    with(Stmt::Return(e2));
                }
            }
            Stmt::If(c, t, e) => {
                for c2 in cond_variants(*c, readable) {
                    with(Stmt::If(c2, t.clone(), e.clone()));
                }
                for t2 in block_mutants(t, readable) {
                    with(Stmt::If(*c, t2, e.clone()));
                }
                for e2 in block_mutants(e, readable) {
                    with(Stmt::If(*c, t.clone(), e2));
                }
            }
            Stmt::For {
                id,
                var,
                start,
                cmp,
                bound,
                body,
            } => {
                let mk = |start: i64, cmp: Cmp, bound: i64, body: Vec<Stmt>| Stmt::For {
                    id: *id,
                    var: *var,
                    start,
                    cmp,
                    bound,
                    body,
                };
                with(mk(start + 1, *cmp, *bound, body.clone()));
                with(mk(start - 1, *cmp, *bound, body.clone()));
                with(mk(*start, cmp_swap(*cmp), *bound, body.clone()));
                with(mk(*start, *cmp, bound + 1, body.clone()));
                with(mk(*start, *cmp, bound - 1, body.clone()));
                let mut inner = readable.to_vec();
                inner.push(*var);
                for b2 in block_mutants(body, &inner) {
                    with(mk(*start, *cmp, *bound, b2));
                }
            }
        }
    }
    out
}

fn mutants(f: &Func) -> Vec<Func> {
    let mut out = Vec::new();
    for k in 0..3 {
        for e in expr_variants(f.init[k], &[0, 1]) {
            let mut m = f.clone();
            m.init[k] = e;
            out.push(m);
        }
    }
    for body in block_mutants(&f.body, &DATA) {
        out.push(Func {
            init: f.init,
            body,
            in_struct: f.in_struct,
        });
    }
    out
}

// ---------------------------------------------------------------------------------------------
// A case: original, mutant, tests.

pub struct Case {
    pub seed: u64,
    pub original: String,
    pub mutant: String,
    pub program: Program,
    pub suite: Suite,
    /// 1-based line of the mutated statement.
    pub line: u32,
    /// Whether the original program's loops fit in the bounds derived from the failing runs of
    /// the mutant (else the real fix is outside the formula, by design).
    pub fix_in_bounds: bool,
}

pub fn compile(text: &str) -> (Program, Suite) {
    let program = faultline_lower::compile("random.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("generated program does not compile: {e}\n{text}"));
    let suite = Suite::new(&program, Vec::new(), &Default::default()).expect("unit tests only");
    (program, suite)
}

fn shuffle<T>(rng: &mut Rng, xs: &mut [T]) {
    for k in (1..xs.len()).rev() {
        let j = rng.below(k as u64 + 1) as usize;
        xs.swap(k, j);
    }
}

/// Generate from `seed` until a program with a mutant that fails some test is found.
pub fn case(seed: u64) -> Case {
    let mut rng = Rng(seed);
    for _attempt in 0..1000 {
        let mut f = Gen {
            rng: &mut rng,
            loops: 0,
        }
        .func();
        f.in_struct = seed % 2 == 1;
        let n = rng.range(4, 6) as usize;
        let inputs: Vec<(i64, i64)> = (0..n)
            .map(|_| (rng.range(-10, 10), rng.range(-10, 10)))
            .collect();
        let Ok(runs) = inputs
            .iter()
            .map(|&(a, b)| eval(&f, a, b))
            .collect::<Result<Vec<_>, Ub>>()
        else {
            continue;
        };
        let tests: Vec<(i64, i64, i64)> = inputs
            .iter()
            .zip(&runs)
            .map(|(&(a, b), (v, _))| (a, b, *v))
            .collect();
        // Mutants grouped by the line they change: lines in random order, then that line's
        // variants in random order, so that every live statement is equally likely to be the
        // fault (not the one with the most variants).
        let printed = source(&f, &tests);
        let mut sites: Vec<(usize, Vec<Func>)> = Vec::new();
        for m in mutants(&f) {
            let text = source(&m, &tests);
            let Some(line) = printed.lines().zip(text.lines()).position(|(a, b)| a != b) else {
                continue;
            };
            match sites.iter_mut().find(|(l, _)| *l == line) {
                Some((_, v)) => v.push(m),
                None => sites.push((line, vec![m])),
            }
        }
        shuffle(&mut rng, &mut sites);
        for (_, v) in &mut sites {
            shuffle(&mut rng, v);
        }
        for m in sites.into_iter().flat_map(|(_, v)| v) {
            let Ok(mruns) = inputs
                .iter()
                .map(|&(a, b)| eval(&m, a, b))
                .collect::<Result<Vec<_>, Ub>>()
            else {
                continue;
            };
            let fails: Vec<bool> = mruns.iter().zip(&runs).map(|(m, o)| m.0 != o.0).collect();
            if !fails.iter().any(|&x| x) {
                continue;
            }
            let original = source(&f, &tests);
            let mutant = source(&m, &tests);
            // The original passes in the interpreter.
            let (p, s) = compile(&original);
            for r in faultline_runner::run_suite(&p, &s) {
                assert!(
                    r.passed,
                    "evaluator and interpreter disagree on the original: {} {:?}\n{original}",
                    r.name, r.reason
                );
            }
            let (program, suite) = compile(&mutant);
            let results: Vec<TestResult> = faultline_runner::run_suite(&program, &suite);
            for (k, r) in results.iter().enumerate() {
                let want = if fails[k] {
                    Status::Failed
                } else {
                    Status::Passed
                };
                assert_eq!(
                    r.status, want,
                    "evaluator and interpreter disagree on the mutant: {} {:?}\n{mutant}",
                    r.name, r.reason
                );
                if fails[k] {
                    let reason = r.reason.as_deref().unwrap_or("");
                    assert!(
                        reason.starts_with("assertion failed"),
                        "{}: {reason}\n{mutant}",
                        r.name
                    );
                    assert_eq!(
                        r.actual.as_deref(),
                        Some(mruns[k].0.to_string().as_str()),
                        "evaluator and interpreter disagree on the mutant's value: {}\n{mutant}",
                        r.name
                    );
                }
            }
            let line = original
                .lines()
                .zip(mutant.lines())
                .position(|(a, b)| a != b)
                .expect("the mutant differs") as u32
                + 1;
            // Derived bounds: per loop, the most condition evaluations of one entry over the
            // failing runs, plus the slack; loops not reached get the slack only. Counted
            // conservatively (one evaluation less).
            let mut need: HashMap<usize, u32> = HashMap::new();
            for (k, (_, ev)) in mruns.iter().enumerate() {
                if fails[k] {
                    for (&id, &n) in ev {
                        let e = need.entry(id).or_insert(0);
                        *e = (*e).max(n);
                    }
                }
            }
            let fix_in_bounds = (0..n).filter(|&k| fails[k]).all(|k| {
                runs[k]
                    .1
                    .iter()
                    .all(|(id, &n)| n < need.get(id).copied().unwrap_or(0) + UNWIND_SLACK)
            });
            return Case {
                seed,
                original,
                mutant,
                program,
                suite,
                line,
                fix_in_bounds,
            };
        }
    }
    panic!("seed {seed}: no qualifying program in 1000 attempts");
}
