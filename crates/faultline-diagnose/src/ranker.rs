//! Ranking and describing diagnoses: the order the report lists candidates in, and their
//! report form (statements in source order, angelic values as the program writes them).
//!
//! **Invariant:** the order is a pure function of the candidates and the program's facts
//! (costs, weights, Naish-I scores, ids): the same candidates rank the same way however the
//! search met them, so the report the editor is handed early ranks as the final one will.

use std::collections::{BTreeSet, HashMap};

use faultline_ir::{Program, Stmt, StmtId, StmtKind, Type};
use faultline_runner::Suite;
use faultline_ssa::{ComponentId, Components};

use crate::formula::ReplicaAngelic;
use crate::{float_value, AngelicTest, AngelicValue, BlamedStatement, Candidate, Diagnosis, Value};

/// What ranking and describing read: the program's facts, fixed for one diagnosis.
pub(crate) struct Ranker<'a> {
    pub program: &'a Program,
    pub suite: &'a Suite,
    pub components: &'a Components,
    pub stmts: HashMap<StmtId, &'a Stmt>,
    /// Naish-I score of each component's statement (by component index): among equally cheap
    /// diagnoses, the limit keeps the most suspicious.
    pub naish1: Vec<f64>,
}

impl Ranker<'_> {
    /// Components, most suspicious (Naish-I) first; ties in id order.
    pub fn by_suspicion(&self, components: &mut [ComponentId]) {
        components.sort_by(|a, b| {
            self.suspicion(*b)
                .total_cmp(&self.suspicion(*a))
                .then(a.cmp(b))
        });
    }

    /// The Naish-I score of a component's statement.
    pub fn suspicion(&self, c: ComponentId) -> f64 {
        self.naish1.get(c.index()).copied().unwrap_or(0.0)
    }

    pub fn cost(&self, blamed: &BTreeSet<ComponentId>) -> u64 {
        blamed
            .iter()
            .filter_map(|&c| self.components.get(c))
            .map(|i| i.weight)
            .sum()
    }

    /// The first lines of a set's components, for logs.
    pub fn lines(&self, set: &BTreeSet<ComponentId>) -> Vec<u32> {
        set.iter()
            .filter_map(|&c| self.components.get(c))
            .map(|info| self.program.files.locate(info.span).start.line)
            .collect()
    }

    /// Ranks `candidates` as the report lists them. Enumeration yields non-decreasing costs;
    /// within a cost, fewer statements first, then the higher summed Naish-I score, then
    /// source order: a deterministic ranking.
    pub fn rank(&self, candidates: &mut [(Candidate, Vec<usize>)]) {
        let key = |c: &Candidate| -> f64 { c.blamed.iter().map(|&id| self.suspicion(id)).sum() };
        // Changing what a test reads is not a repair: such diagnoses (sound, and kept) come
        // after every one that changes logic or output.
        candidates.sort_by(|(a, _), (b, _)| {
            self.changes_input(a)
                .cmp(&self.changes_input(b))
                .then(a.cost.cmp(&b.cost))
                .then(a.blamed.len().cmp(&b.blamed.len()))
                .then(key(b).total_cmp(&key(a)))
                .then(a.blamed.cmp(&b.blamed))
        });
    }

    /// Whether `c` blames an input statement.
    pub fn changes_input(&self, c: &Candidate) -> bool {
        c.blamed.iter().any(|&id| {
            self.components
                .get(id)
                .is_some_and(|i| i.kind == faultline_ir::Component::Input)
        })
    }

    /// Turn a candidate into its report form, statements in source order.
    pub fn describe(&self, rank: usize, c: &Candidate, explains: &[usize]) -> Diagnosis {
        let mut statements: Vec<BlamedStatement> = c
            .blamed
            .iter()
            .filter_map(|&id| self.components.get(id))
            .map(|info| {
                let loc = self.program.files.locate(info.span);
                // A declarator is shown with its declaration's type (`const char *p = …`).
                let declarator = matches!(
                    self.stmts.get(&info.stmt).map(|s| &s.kind),
                    Some(StmtKind::Assign { .. })
                );
                let text = crate::shown::statement_text(
                    &self.program.files.get(info.span.file).text,
                    info.span.start as usize,
                    info.span.end as usize,
                    declarator,
                );
                // In suite order, however the search met the tests.
                let mut by_test: Vec<&(usize, ReplicaAngelic)> = c.angelic.iter().collect();
                by_test.sort_by_key(|(test, _)| *test);
                let angelic = by_test
                    .into_iter()
                    .filter_map(|(test, a)| {
                        if info.kind == faultline_ir::Component::Output {
                            // The text each execution should print; under token comparison
                            // with the separators it printed (`shown::respace_text`).
                            let tokens = matches!(
                                &self.suite.cases[*test].kind,
                                faultline_runner::TestKind::Io(io)
                                    if io.compare == faultline_runner::Compare::Tokens
                            );
                            let values: Vec<AngelicValue> = (a.values.iter())
                                .filter(|((s, _), _)| *s == info.stmt)
                                .map(|((_, instance), slots)| {
                                    let was = a.was_text.get(&(info.stmt, *instance));
                                    let mut text: Vec<u8> =
                                        slots.iter().map(|(_, (b, _))| *b as u8).collect();
                                    if let (true, Some(was)) = (tokens, was) {
                                        text = crate::shown::respace_text(&text, was);
                                    }
                                    AngelicValue {
                                        instance: *instance,
                                        slot: 0,
                                        value: text_value(text.into_iter()),
                                        was: was.map(|t| text_value(t.iter().copied())),
                                    }
                                })
                                .collect();
                            if values.is_empty() {
                                return None;
                            }
                            return Some(AngelicTest {
                                test: self.suite.cases[*test].name.clone(),
                                values,
                            });
                        }
                        let by = a.by_stmt();
                        let vals = by.get(&info.stmt)?;
                        let mut values: Vec<AngelicValue> = vals
                            .iter()
                            .map(|&(instance, slot, value, width, was)| {
                                if let Some(expr) =
                                    pointer_expr(self.stmts.get(&info.stmt).copied())
                                {
                                    let text = self.program.files.text(expr.span);
                                    let (value, was) = match self.object_pointer(info.stmt, value) {
                                        // Moved into another variable: named as C names it.
                                        Some(shown) => (
                                            Value::Pointer(shown),
                                            pointer_values(text, value, was).1,
                                        ),
                                        None => pointer_values(text, value, was),
                                    };
                                    return AngelicValue {
                                        instance,
                                        slot,
                                        value,
                                        was,
                                    };
                                }
                                let shown = |v| {
                                    self.fn_pointer_value(info.stmt, v).unwrap_or_else(|| {
                                        display_value(
                                            self.stmts.get(&info.stmt).copied(),
                                            slot,
                                            v,
                                            width,
                                        )
                                    })
                                };
                                AngelicValue {
                                    instance,
                                    slot,
                                    value: shown(value),
                                    was: was.map(shown),
                                }
                            })
                            .collect();
                        values.sort_by_key(|v| (v.instance, v.slot));
                        Some(AngelicTest {
                            test: self.suite.cases[*test].name.clone(),
                            values,
                        })
                    })
                    .collect();
                BlamedStatement {
                    path: loc.path,
                    line: loc.start.line,
                    column: loc.start.column,
                    end_line: loc.end.line,
                    end_column: loc.end.column,
                    text,
                    kind: info.kind,
                    weight: info.weight,
                    angelic,
                }
            })
            .collect();
        statements.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
        Diagnosis {
            rank,
            cost: c.cost,
            validated: c.validated,
            explains: explains
                .iter()
                .map(|&i| self.suite.cases[i].name.clone())
                .collect(),
            changes_input: self.changes_input(c),
            statements,
            refinements: Vec::new(),
            repairs: Vec::new(),
            ranked_by: None,
        }
    }
}

/// Whether `place`, through the struct pointer `base_ty` (`p->fn`: `p[elem][leaf]…`, see
/// `faultline_ir::Type::Ptr`), is a member that holds function pointers: the pointer variable
/// itself holds addresses, the member's leaf says what is stored through it.
fn member_through_pointer_holds_fn_pointers(base_ty: &Type, place: &faultline_ir::Place) -> bool {
    let (Type::Ptr(pointee) | Type::ArrayRef(pointee)) = base_ty else {
        return false;
    };
    if !matches!(**pointee, Type::Struct(_)) {
        return false;
    }
    let leaf = match place.indices.get(1).map(|e| &e.kind) {
        Some(faultline_ir::ExprKind::Const(j)) => usize::try_from(*j).ok(),
        _ => None,
    };
    leaf.and_then(|j| pointee.fn_pointer_leaves().get(j).copied())
        .unwrap_or(false)
}

impl Ranker<'_> {
    /// The value of a statement that stores a function pointer (`op = sub` relaxed to `add`),
    /// as C names it: the function, or `NULL`. The IR holds the function's number (see
    /// `faultline_ir::FnPointers`), which users do not know.
    fn fn_pointer_value(&self, stmt: StmtId, v: i128) -> Option<Value> {
        let fp = &self.program.fn_pointers;
        let func = || {
            let mut func = None;
            self.program.for_each_stmt(|f, s| {
                if s.id == stmt {
                    func = Some(f);
                }
            });
            func
        };
        let holds =
            match &self.stmts.get(&stmt)?.kind {
                StmtKind::Assign { place, .. } => {
                    match place.base {
                        faultline_ir::VarRef::Global(g) => {
                            fp.globals.contains(&g)
                                || self.program.globals.get(g.index()).is_some_and(|d| {
                                    member_through_pointer_holds_fn_pointers(&d.ty, place)
                                })
                        }
                        // Finding the statement's function walks the program: only when it may tell.
                        faultline_ir::VarRef::Local(l)
                            if place.indices.len() >= 2
                                || fp.locals.iter().any(|&(_, x)| x == l) =>
                        {
                            func().is_some_and(|f| {
                                fp.locals.contains(&(f, l))
                                    || self.program.function(f).locals.get(l.index()).is_some_and(
                                        |d| member_through_pointer_holds_fn_pointers(&d.ty, place),
                                    )
                            })
                        }
                        faultline_ir::VarRef::Local(_) => false,
                        faultline_ir::VarRef::Argv => false,
                    }
                }
                StmtKind::Return(Some(_)) => func().is_some_and(|f| fp.results.contains(&f)),
                _ => false,
            };
        if !holds {
            return None;
        }
        self.program.fn_pointer_name(v).map(Value::Pointer)
    }

    /// An angelic pointer that points into a variable other than the one its statement's
    /// expression points into (`faultline_interp::pointer_object_override`), as C text:
    /// `b`, `&b[2]`, `&y`; into another heap block, in words: `the 3rd block allocated (at
    /// line 12)`, the interpreter's numbering of the run's blocks.
    fn object_pointer(&self, stmt: StmtId, value: i128) -> Option<String> {
        let (target, off) = faultline_interp::pointer_object_target(value)?;
        let ty = match target {
            faultline_interp::PointerTarget::Heap { block, stmt: at } => {
                let mut span = None;
                self.program.for_each_stmt(|_, s| {
                    if s.id == at {
                        span = Some(s.span);
                    }
                });
                let line = self.program.files.locate(span?).start.line;
                let n = block as u64 + 1;
                let suffix = match (n % 10, n % 100) {
                    (1, r) if r != 11 => "st",
                    (2, r) if r != 12 => "nd",
                    (3, r) if r != 13 => "rd",
                    _ => "th",
                };
                let nth = format!("{n}{suffix}");
                let block = format!("the {nth} block allocated (at line {line})");
                return Some(match off {
                    0 => block,
                    k => format!("{block} + {k}"),
                });
            }
            faultline_interp::PointerTarget::Global(g) => {
                let d = self.program.globals.get(g.index())?;
                (d.name.clone(), d.ty.clone())
            }
            faultline_interp::PointerTarget::Local(l) => {
                let mut func = None;
                self.program.for_each_stmt(|f, s| {
                    if s.id == stmt {
                        func = Some(f);
                    }
                });
                let d = self.program.function(func?).locals.get(l.index())?;
                (d.name.clone(), d.ty.clone())
            }
        };
        let (name, mut t) = ty;
        let mut dims = Vec::new();
        while let faultline_ir::Type::Array(e, n) = t {
            dims.push(n);
            t = *e;
        }
        if off == 0 && !dims.is_empty() {
            // The array itself, as `int *p = b` writes it.
            return Some(name);
        }
        let object = faultline_ssa::PointerObject {
            pid: 1,
            name,
            dims,
            target: None,
        };
        Some(faultline_ssa::spec::render_pointer(&[object], 1, off))
    }
}

/// The expression of a statement that computes a pointer (an assignment or a return).
fn pointer_expr(stmt: Option<&Stmt>) -> Option<&faultline_ir::Expr> {
    match stmt.map(|s| &s.kind) {
        Some(StmtKind::Assign { value, .. }) | Some(StmtKind::Return(Some(value)))
            if value.ty == faultline_ir::IntKind::Ptr =>
        {
            Some(value)
        }
        _ => None,
    }
}

/// A pointer's angelic value and what its statement computes as written, as C text: the
/// expression `expr` moved by the difference of their offsets (`v + n - 1 + 1`), or `NULL`.
/// The values are the interpreter's pointers, or the offsets a diagnosis hands it
/// (`faultline_interp::pointer_offset_override`).
fn pointer_values(expr: &str, value: i128, was: Option<i128>) -> (Value, Option<Value>) {
    let parts = |v: i128| -> Option<(i64, bool)> {
        if v >> 120 == 15 {
            let raw = (v & ((1 << 40) - 1)) as i64;
            return Some(((raw << 24) >> 24, false));
        }
        faultline_interp::pointer_offset(v)
    };
    let was_parts = was.and_then(parts);
    let was_value = was_parts.map(|(_, null)| {
        Value::Pointer(if null {
            "NULL".into()
        } else {
            crate::shown::pointer_text(expr, 0)
        })
    });
    let value = match (parts(value), was_parts) {
        (Some((_, true)), _) => Value::Pointer("NULL".into()),
        (Some((off, false)), Some((w, false))) => {
            Value::Pointer(crate::shown::pointer_text(expr, off - w))
        }
        // An interpreter's pointer with nothing else computed: what the statement computes
        // as written (the plain-values pass put it back).
        (Some((_, false)), None) if value >> 120 != 15 => {
            Value::Pointer(crate::shown::pointer_text(expr, 0))
        }
        (Some((off, false)), _) => Value::Pointer(crate::shown::pointer_element(expr, off)),
        (None, _) => Value::Int(value),
    };
    (value, was_value)
}

/// Conditions are shown as booleans, `char`s as characters, everything else as integers of the
/// statement's type (`v` is sign-extended from `width` bits; unsigned types are shown unsigned).
pub(crate) fn display_value(stmt: Option<&Stmt>, _slot: u32, v: i128, width: u32) -> Value {
    let ty = match stmt.map(|s| &s.kind) {
        Some(StmtKind::If { .. }) => return Value::Bool(v != 0),
        Some(StmtKind::Switch { scrutinee, arms }) => return switch_value(scrutinee, arms, v),
        Some(StmtKind::Assign { value, .. }) => Some(value.ty),
        Some(StmtKind::Return(Some(e))) => Some(e.ty),
        Some(StmtKind::Builtin(faultline_ir::Builtin::Math { kind, .. })) => Some(*kind),
        Some(StmtKind::Builtin(faultline_ir::Builtin::Atof { .. })) => {
            Some(faultline_ir::IntKind::Double)
        }
        _ => None,
    };
    let ty = ty.or_else(|| match stmt.map(|s| &s.kind) {
        // What the conversion stores: `%c` a `char`, `%f` a `float` and `%lf` a `double`
        // (else users read a bit pattern), `%u`/`%x`/`%o` an unsigned number.
        Some(StmtKind::Builtin(
            faultline_ir::Builtin::Scanf { format, .. }
            | faultline_ir::Builtin::Sscanf { format, .. },
        )) => format
            .iter()
            .filter_map(|p| match p {
                faultline_ir::format::FmtPiece::Conv(c) => Some(c),
                _ => None,
            })
            .nth(_slot as usize)
            .and_then(|c| scanned_kind(c.kind, c.length)),
        _ => None,
    });
    match ty {
        Some(t) if t.is_float() => float_value(t, v),
        // A `char` is shown as the character it holds (`'a'`), as the program writes it.
        Some(faultline_ir::IntKind::Char | faultline_ir::IntKind::SChar) => {
            Value::Char(crate::report::CharValue(v))
        }
        Some(faultline_ir::IntKind::UChar) => Value::Char(crate::report::CharValue(v & 0xff)),
        Some(t) if !t.is_signed() => Value::Int(v & faultline_ssa::term::mask(width) as i128),
        _ => Value::Int(v),
    }
}

/// The type a `scanf` conversion stores, where it is not shown as a plain signed integer.
fn scanned_kind(
    kind: faultline_ir::format::ConvKind,
    length: faultline_ir::format::LengthMod,
) -> Option<faultline_ir::IntKind> {
    use faultline_ir::format::{ConvKind, LengthMod};
    use faultline_ir::IntKind;
    let long = matches!(
        length,
        LengthMod::Long | LengthMod::LongLong | LengthMod::Size
    );
    match kind {
        ConvKind::Char => Some(IntKind::Char),
        ConvKind::Float(_) if long => Some(IntKind::Double),
        ConvKind::Float(_) => Some(IntKind::Float),
        ConvKind::Unsigned | ConvKind::HexLower | ConvKind::HexUpper | ConvKind::Octal => {
            Some(if long { IntKind::ULong } else { IntKind::UInt })
        }
        _ => None,
    }
}

/// A `switch` is relaxed by the arm it enters (its value in a run is the arm's index, any
/// other number for none), but users read the value of what it switches on: the arm's first
/// `case` value, for `default:` or no arm the least non-negative value no `case` names; a
/// character when the program switches on a `char` (promoted to `int` in the IR).
fn switch_value(
    scrutinee: &faultline_ir::Expr,
    arms: &[faultline_ir::SwitchArm],
    v: i128,
) -> Value {
    let named = || arms.iter().flat_map(|a| a.values.iter().copied());
    let value = usize::try_from(v)
        .ok()
        .and_then(|i| arms.get(i))
        .and_then(|a| a.values.first().copied())
        .unwrap_or_else(|| (0..).find(|x| !named().any(|n| n == *x)).unwrap_or(0));
    let source = match &scrutinee.kind {
        faultline_ir::ExprKind::Cast(e) => e.ty,
        _ => scrutinee.ty,
    };
    match source {
        faultline_ir::IntKind::Char | faultline_ir::IntKind::SChar => {
            Value::Char(crate::report::CharValue(value))
        }
        faultline_ir::IntKind::UChar => Value::Char(crate::report::CharValue(value & 0xff)),
        _ => Value::Int(value),
    }
}

/// An output statement's text as a value (bytes that are not UTF-8 replaced).
fn text_value(bytes: impl Iterator<Item = u8>) -> Value {
    Value::Text(String::from_utf8_lossy(&bytes.collect::<Vec<u8>>()).into_owned())
}
