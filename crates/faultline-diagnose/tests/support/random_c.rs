//! Random single-fault C programs for the property tests (`random_programs.rs`, whose docs
//! describe the language, and `must_sets.rs` include this module).
//! A seed drives a small generator of `int f(int a, int b)` plus 4–6 unit tests whose
//! expectations come from an evaluator of the generated AST; one statement is mutated and the
//! mutant is kept when some test fails by an assertion.
//!
//! With [`GenOptions::doubles`] (a separate, additive option: every seed's program without it
//! is unchanged) the function is `double f(int a, int b)`: `x`, `y`, `z` are doubles
//! (initialized from the int parameters, an int→double conversion), expressions may divide by a
//! double constant (`x / 4.0`) or truncate to int (`(int) y`), comparisons mix ints and
//! doubles, and a `main` prints `printf("%.2f\n", f(a, b))` of two numbers it reads: IO cases
//! (expected text from the original program's run) beside the unit tests, whose expectations
//! are exact double literals.
//!
//! With [`GenOptions::chars`] (ints only) `x`, `y`, `z` are the characters `t[0]`, `t[1]`,
//! `t[2]` of a string `char t[4]` (`t[3]` its NUL): every store converts to `char` (gcc wraps
//! modulo 256), reads promote to `int`, and every `return` adds `len = (int) strlen(t)`,
//! computed on the line before it (the first character that became 0 ends the string). With [`GenOptions::records`] they are members of
//! different elements of an array of structs (`r[0].x`, `r[1].y`, `r[2].z`). Both are the same
//! programs as the base language, renamed, with the evaluator following C's conversions.

#![allow(dead_code)]

use std::collections::HashMap;

use faultline_diagnose::UNWIND_SLACK;
use faultline_ir::Program;
use faultline_runner::{IoCase, Status, Suite, TestResult};

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
    /// Only with doubles, by a constant printed as a double (`x / 4.0`).
    Div,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Expr {
    Op(Operand),
    Bin(Operand, Arith, Operand),
    /// Only with doubles: `(int) v`, truncation toward zero.
    Trunc(Operand),
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
    /// `x`, `y`, `z` and the result are doubles (see [`GenOptions::doubles`]).
    doubles: bool,
    /// `x`, `y`, `z` are the characters of a string (see [`GenOptions::chars`]).
    chars: bool,
    /// `x`, `y`, `z` are members of an array of structs (see [`GenOptions::records`]).
    records: bool,
}

/// What the generator may produce beyond its base language.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenOptions {
    /// `double` locals and result, `/` by double constants, `(int)` truncation, a `main`
    /// printing the result with `%.2f` and IO cases for it.
    pub doubles: bool,
    /// `x`, `y`, `z` are `t[0]`, `t[1]`, `t[2]` of a `char t[4]` string, and every `return`
    /// adds `strlen(t)` (ints only).
    pub chars: bool,
    /// `x`, `y`, `z` are `r[0].x`, `r[1].y`, `r[2].z` of an array of structs (ints only).
    pub records: bool,
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
        Expr::Bin(l, Arith::Div, Operand::Const(c)) => format!("{} / {c}.0", operand(l)),
        Expr::Bin(l, op, r) => {
            let s = match op {
                Arith::Add => "+",
                Arith::Sub => "-",
                Arith::Mul => "*",
                Arith::Div => "/",
            };
            format!("{} {s} {}", operand(l), operand(r))
        }
        Expr::Trunc(o) => format!("(int) {}", operand(o)),
    }
}

/// A double as an exact C literal (Rust's shortest round-trip form, with a `.0` on integers).
fn double_literal(v: f64) -> String {
    let s = format!("{v:?}");
    if v < 0.0 {
        format!("({s})")
    } else {
        s
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

/// `x`, `y`, `z` as identifiers in printed C become what `name` makes of them.
fn rename(text: &str, name: impl Fn(char) -> String) -> String {
    let mut out = String::new();
    let mut prev_ident = false;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        let next_ident = chars
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_');
        if matches!(ch, 'x' | 'y' | 'z') && !prev_ident && !next_ident {
            out.push_str(&name(ch));
        } else {
            out.push(ch);
        }
        prev_ident = ch.is_ascii_alphanumeric() || ch == '_' || ch == '.';
    }
    out
}

/// Every `return E;` of printed C as `len = (int) strlen(t);` and `return len + (E);`, each
/// statement on its own line (one component per line, as everywhere in the generator).
fn returns_add_strlen(text: &str) -> String {
    text.lines()
        .map(|l| match l.trim_start().strip_prefix("return ") {
            Some(rest) => {
                let pad = &l[..l.len() - l.trim_start().len()];
                let e = rest.strip_suffix(';').unwrap_or(rest);
                format!("{pad}len = (int) strlen(t);\n{pad}return len + ({e});\n")
            }
            None => format!("{l}\n"),
        })
        .collect()
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

fn source(f: &Func, tests: &[(i64, i64, Val)]) -> String {
    let ty = if f.doubles { "double" } else { "int" };
    let mut out = String::from("#include <assert.h>\n\n");
    if f.doubles {
        out = String::from("#include <assert.h>\n#include <stdio.h>\n\n");
    }
    if f.chars {
        out = String::from("#include <assert.h>\n#include <string.h>\n\n");
    }
    if f.in_struct {
        out.push_str(&format!("struct vars {{ {ty} x; {ty} y; {ty} z; }};\n\n"));
    }
    if f.records {
        out.push_str("struct rec {\n    int x;\n    int y;\n    int z;\n};\n\n");
    }
    out.push_str(&format!("{ty} f(int a, int b) {{\n"));
    let mut body = String::new();
    if f.chars || f.records {
        body.push_str(if f.chars {
            "    char t[4];\n    int len;\n    t[3] = '\\0';\n"
        } else {
            "    struct rec r[3];\n"
        });
        for (k, e) in f.init.iter().enumerate() {
            body.push_str(&format!("    {} = {};\n", NAMES[2 + k], expr(*e)));
        }
    } else if f.in_struct {
        body.push_str("    struct vars s;\n");
        for (k, e) in f.init.iter().enumerate() {
            body.push_str(&format!("    {} = {};\n", NAMES[2 + k], expr(*e)));
        }
    } else {
        for (k, e) in f.init.iter().enumerate() {
            body.push_str(&format!("    {ty} {} = {};\n", NAMES[2 + k], expr(*e)));
        }
    }
    body.push_str("    int i;\n    int j;\n");
    print_block(&f.body, 1, &mut body);
    if f.in_struct {
        body = members(&body);
    }
    if f.chars {
        body = rename(&body, |c| format!("t[{}]", c as u8 - b'x'));
        body = returns_add_strlen(&body);
    }
    if f.records {
        body = rename(&body, |c| format!("r[{}].{c}", c as u8 - b'x'));
    }
    out.push_str(&body);
    out.push_str("}\n");
    if f.doubles {
        out.push_str(
            "\nint main(void) {\n    int a, b;\n    if (scanf(\"%d %d\", &a, &b) != 2)\n        return 1;\n    printf(\"%.2f\\n\", f(a, b));\n    return 0;\n}\n",
        );
    }
    for (k, (a, b, expected)) in tests.iter().enumerate() {
        let expected = match expected {
            Val::I(v) => v.to_string(),
            Val::D(v) => double_literal(*v),
        };
        out.push_str(&format!(
            "\nvoid test_{k}(void) {{\n    assert(f({a}, {b}) == {expected});\n}}\n"
        ));
    }
    out
}

/// A value of the generated language: `int` or, with doubles, `double`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    I(i64),
    D(f64),
}

impl std::fmt::Display for Val {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Val::I(v) => write!(f, "{v}"),
            Val::D(v) => write!(f, "{v:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Evaluation (the oracle for EXPECTED).

#[derive(Debug)]
struct Ub;

struct Eval {
    vars: [Option<Val>; 7],
    /// Per loop: the most condition evaluations of one entry (as the derived bounds count).
    evals: HashMap<usize, u32>,
    doubles: bool,
    chars: bool,
}

fn int(v: i64) -> Result<i64, Ub> {
    if v < i32::MIN as i64 || v > i32::MAX as i64 {
        Err(Ub)
    } else {
        Ok(v)
    }
}

impl Eval {
    fn operand(&self, o: Operand) -> Result<Val, Ub> {
        match o {
            Operand::Var(v) => self.vars[v].ok_or(Ub),
            Operand::Const(c) => Ok(Val::I(c)),
        }
    }

    /// C's usual arithmetic conversions: both int, int arithmetic (UB outside `int`); else
    /// both converted to double, one IEEE operation (what Rust's `f64` computes too).
    fn expr(&self, e: Expr) -> Result<Val, Ub> {
        match e {
            Expr::Op(o) => self.operand(o),
            Expr::Bin(l, Arith::Div, r) => {
                let Operand::Const(c) = r else { return Err(Ub) };
                Ok(Val::D(as_double(self.operand(l)?) / c as f64))
            }
            Expr::Bin(l, op, r) => match (self.operand(l)?, self.operand(r)?) {
                (Val::I(l), Val::I(r)) => Ok(Val::I(int(match op {
                    Arith::Add => l + r,
                    Arith::Sub => l - r,
                    Arith::Mul => l * r,
                    Arith::Div => return Err(Ub),
                })?)),
                (l, r) => {
                    let (l, r) = (as_double(l), as_double(r));
                    Ok(Val::D(match op {
                        Arith::Add => l + r,
                        Arith::Sub => l - r,
                        Arith::Mul => l * r,
                        Arith::Div => l / r,
                    }))
                }
            },
            Expr::Trunc(o) => {
                let t = as_double(self.operand(o)?).trunc();
                // Out of `int`'s range (or not finite) the conversion is undefined.
                if !(t > i32::MIN as f64 - 1.0 && t < i32::MAX as f64 + 1.0) {
                    return Err(Ub);
                }
                Ok(Val::I(t as i64))
            }
        }
    }

    /// An int variable's value (a loop counter).
    fn int_of(v: Option<Val>) -> Result<i64, Ub> {
        match v {
            Some(Val::I(v)) => Ok(v),
            _ => Err(Ub),
        }
    }

    /// A comparison after the usual arithmetic conversions.
    fn compare(l: Val, op: Cmp, r: Val) -> bool {
        match (l, r) {
            (Val::I(l), Val::I(r)) => Self::test(l, op, r),
            (l, r) => {
                let (l, r) = (as_double(l), as_double(r));
                match op {
                    Cmp::Lt => l < r,
                    Cmp::Le => l <= r,
                    Cmp::Gt => l > r,
                    Cmp::Ge => l >= r,
                    Cmp::Eq => l == r,
                    Cmp::Ne => l != r,
                }
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

    fn block(&mut self, b: &[Stmt]) -> Result<Option<Val>, Ub> {
        for s in b {
            match s {
                Stmt::Assign(t, e) => {
                    let v = self.expr(*e)?;
                    self.vars[*t] = Some(self.stored(v));
                }
                Stmt::Return(e) => {
                    let v = self.expr(*e)?;
                    return Ok(Some(self.returned(v)?));
                }
                Stmt::If(c, t, e) => {
                    let taken = Self::compare(self.operand(c.l)?, c.op, self.operand(c.r)?);
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
                    self.vars[*var] = Some(Val::I(*start));
                    let mut n = 0u32;
                    let ret = loop {
                        n += 1;
                        if !Self::test(Self::int_of(self.vars[*var])?, *cmp, *bound) {
                            break None;
                        }
                        if let Some(v) = self.block(body)? {
                            break Some(v);
                        }
                        self.vars[*var] = Some(Val::I(int(Self::int_of(self.vars[*var])? + 1)?));
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

fn as_double(v: Val) -> f64 {
    match v {
        Val::I(v) => v as f64,
        Val::D(v) => v,
    }
}

impl Eval {
    /// A value stored into `x`/`y`/`z` or returned: converted to double with doubles on.
    fn assigned(&self, v: Val) -> Val {
        if self.doubles {
            Val::D(as_double(v))
        } else {
            v
        }
    }

    /// A value stored into `x`/`y`/`z`: with chars, converted to `char` (gcc: modulo 256,
    /// signed).
    fn stored(&self, v: Val) -> Val {
        match v {
            Val::I(i) if self.chars => Val::I(i as i8 as i64),
            v => self.assigned(v),
        }
    }

    /// A returned value: with chars, plus the length of the string `t` (`x`, `y`, `z` up to
    /// the first 0).
    fn returned(&self, v: Val) -> Result<Val, Ub> {
        if !self.chars {
            return match self.assigned(v) {
                // An infinite or NaN result cannot be written as the test's expected literal
                // (`NaN` is no C token, and NaN equals nothing): not a usable test input.
                Val::D(d) if !d.is_finite() => Err(Ub),
                v => Ok(v),
            };
        }
        let mut len = 0;
        for k in 2..5 {
            match self.vars[k] {
                Some(Val::I(0)) => break,
                Some(_) => len += 1,
                None => return Err(Ub),
            }
        }
        match v {
            Val::I(i) => Ok(Val::I(int(len + i)?)),
            Val::D(_) => Err(Ub),
        }
    }
}

/// `f(a, b)` and the loops' condition evaluations, or `Err` on undefined behaviour.
fn eval(f: &Func, a: i64, b: i64) -> Result<(Val, HashMap<usize, u32>), Ub> {
    let mut ev = Eval {
        vars: [
            Some(Val::I(a)),
            Some(Val::I(b)),
            None,
            None,
            None,
            None,
            None,
        ],
        evals: HashMap::new(),
        doubles: f.doubles,
        chars: f.chars,
    };
    for (k, e) in f.init.iter().enumerate() {
        let v = ev.expr(*e)?;
        ev.vars[2 + k] = Some(ev.stored(v));
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
    doubles: bool,
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
        // Drawn only with doubles on: the stream of every seed without them is unchanged.
        if self.doubles {
            match self.rng.below(10) {
                0 | 1 => {
                    let l = Operand::Var(self.rng.pick(readable));
                    return Expr::Bin(l, Arith::Div, Operand::Const(self.rng.range(2, 4)));
                }
                2 => return Expr::Trunc(Operand::Var(self.rng.pick(readable))),
                _ => {}
            }
        }
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
            doubles: self.doubles,
            chars: false,
            records: false,
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
        Expr::Trunc(o) => operand_variants(o, readable)
            .into_iter()
            .filter(|o| matches!(o, Operand::Var(_)))
            .map(Expr::Trunc)
            .collect(),
        Expr::Bin(l, Arith::Div, Operand::Const(c)) => {
            // `/` ↔ `*`, the divisor ±1 (never 0: divisors are 2–4), a wrong variable.
            let mut v = vec![
                Expr::Bin(l, Arith::Mul, Operand::Const(c)),
                Expr::Bin(l, Arith::Div, Operand::Const(c + 1)),
                Expr::Bin(l, Arith::Div, Operand::Const(c - 1)),
            ];
            v.extend(
                operand_variants(l, readable)
                    .into_iter()
                    .map(|l| Expr::Bin(l, Arith::Div, Operand::Const(c))),
            );
            v
        }
        Expr::Bin(l, op, r) => {
            let swapped = match op {
                Arith::Add => Arith::Sub,
                Arith::Sub | Arith::Mul | Arith::Div => Arith::Add,
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
            doubles: f.doubles,
            chars: f.chars,
            records: f.records,
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
    /// The IO cases (with doubles: `main` prints `f(a, b)` with `%.2f`).
    pub io: Vec<(String, IoCase)>,
}

impl Case {
    /// `text` (the mutant, or an edit of it) with this case's tests.
    pub fn compile(&self, text: &str) -> (Program, Suite) {
        compile_with(text, &self.io)
    }
}

pub fn compile(text: &str) -> (Program, Suite) {
    compile_with(text, &[])
}

fn compile_with(text: &str, io: &[(String, IoCase)]) -> (Program, Suite) {
    let program = faultline_lower::compile("random.c", text, &HashMap::<String, String>::new())
        .unwrap_or_else(|e| panic!("generated program does not compile: {e}\n{text}"));
    let suite = Suite::new(&program, io.to_vec(), &Default::default()).expect("a suite");
    (program, suite)
}

/// The input of the IO case for `f(a, b)`.
fn io_input(a: i64, b: i64) -> faultline_interp::Input {
    faultline_interp::Input {
        program_name: "random".into(),
        args: Vec::new(),
        stdin: format!("{a} {b}\n").into_bytes(),
        nondet: Vec::new(),
    }
}

fn shuffle<T>(rng: &mut Rng, xs: &mut [T]) {
    for k in (1..xs.len()).rev() {
        let j = rng.below(k as u64 + 1) as usize;
        xs.swap(k, j);
    }
}

/// Generate from `seed` until a program with a mutant that fails some test is found.
pub fn case(seed: u64) -> Case {
    case_with(seed, GenOptions::default())
}

/// [`case`] in the language `opts` allows.
pub fn case_with(seed: u64, opts: GenOptions) -> Case {
    let mut rng = Rng(seed);
    for _attempt in 0..1000 {
        let mut f = Gen {
            rng: &mut rng,
            loops: 0,
            doubles: opts.doubles,
        }
        .func();
        f.in_struct = seed % 2 == 1 && !opts.chars && !opts.records;
        assert!(!(opts.doubles && (opts.chars || opts.records)), "ints only");
        f.chars = opts.chars;
        f.records = opts.records;
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
        let tests: Vec<(i64, i64, Val)> = inputs
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
            // With doubles, what the original prints is what each IO case expects (the
            // interpreter is gcc's equal on `%.2f`: the differential tests).
            let io: Vec<(String, IoCase)> = if f.doubles {
                let (p, _) = compile(&original);
                inputs
                    .iter()
                    .enumerate()
                    .map(|(k, &(a, b))| {
                        let input = io_input(a, b);
                        let run = faultline_interp::run(
                            &p,
                            faultline_interp::Entry::Main,
                            &input,
                            &Default::default(),
                        );
                        let case = IoCase {
                            input,
                            stdout: Some(run.stdout),
                            exit_code: 0,
                            compare: Default::default(),
                        };
                        (format!("io_{k}"), case)
                    })
                    .collect()
            } else {
                Vec::new()
            };
            // The original passes in the interpreter.
            let (p, s) = compile_with(&original, &io);
            for r in faultline_runner::run_suite(&p, &s) {
                assert!(
                    r.passed,
                    "evaluator and interpreter disagree on the original: {} {:?}\n{original}",
                    r.name, r.reason
                );
            }
            let (program, suite) = compile_with(&mutant, &io);
            let results: Vec<TestResult> = faultline_runner::run_suite(&program, &suite);
            // The unit tests, by name (the IO cases are judged by the interpreter alone).
            let units = results.iter().filter_map(|r| {
                let k: usize = r.name.strip_prefix("test_")?.parse().ok()?;
                Some((k, r))
            });
            for (k, r) in units {
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
                    let actual = r.actual.as_deref().unwrap_or("");
                    let agree = match mruns[k].0 {
                        Val::I(v) => actual == v.to_string(),
                        // Shown as a decimal of the runner's choosing: compared as a number.
                        Val::D(v) => actual
                            .parse::<f64>()
                            .is_ok_and(|a| a == v || (a - v).abs() <= 1e-9 * v.abs().max(1.0)),
                    };
                    assert!(
                        agree,
                        "evaluator and interpreter disagree on the mutant's value: {} {actual} vs {}\n{mutant}",
                        r.name, mruns[k].0
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
                io,
            };
        }
    }
    panic!("seed {seed}: no qualifying program in 1000 attempts");
}
