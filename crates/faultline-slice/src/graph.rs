//! The static dependency graph of one function: SSA versions of its variables and the edges
//! between them.
//!
//! Built by one structured walk of the lowered IR, the way an SSA construction would:
//!
//! * an **assignment** (any statement that defines a value: `=`, a condition, a return, a call's
//!   result, an input or output statement) creates a `Def` node with edges annotated *true* to
//!   the versions it reads;
//! * where control flow **merges** (after an `if`, at a loop's exit, a `continue` target, a
//!   function's exit) a variable whose incoming versions differ gets a `Phi` node, with an edge
//!   to each incoming version annotated with the branch outcome that leads there (`cond = 1`,
//!   `cond = 0`, `switch arm k`), and an edge annotated *true* to every condition node deciding
//!   which way control came (the phi is `ite(guard, a, b)`: it reads the guard);
//! * **reachability** is a variable too (`Var::Ctl`): it gets a new version after an `if` one of
//!   whose branches leaves early (`break`, `continue`, `return`, `exit`), depending on the
//!   conditions that decided it. A failure at a statement demands its operands *and* its `Ctl`,
//!   because a repair may also avoid the failure by not reaching it;
//! * **loops** get a phi per variable the loop may define at the head (entry version and the
//!   version at the end of the latch: the graph has cycles, a static over-approximation of every
//!   unrolling);
//! * the standard streams and the exit status are variables (`Out`, `In`, `Status`), so a wrong
//!   output is a demand on the final `Out`;
//! * arrays are one variable each, with weak updates (a store reads the old version).
//!
//! Calls are left open: a call site records the versions before it and creates `CallOut` nodes
//! for everything the callee may change; [`crate::Sdg`] links them to the callee's graph. So a
//! function's graph depends only on its own IR (and the number of globals): the unit of caching.

use std::collections::{BTreeSet, HashMap};

use faultline_ir::{
    Arg, Block, Builtin, Expr, ExprKind, FuncId, Function, GlobalId, LocalId, Place, PrintArg,
    Stmt, StmtKind, StrArg, StrOperand, VarRef,
};

/// A variable of the SSA form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    Local(LocalId),
    Global(GlobalId),
    /// Everything written to stdout/stderr so far.
    Out,
    /// The input cursor (stdin and the nondet values).
    In,
    /// The exit status given to `exit()`.
    Status,
    /// Reachability: which decisions led here.
    Ctl,
    /// The function's return value.
    Ret,
}

/// When a dependency edge carries the value: always, or when a condition took an outcome
/// (1/0 for an `if`, the arm index or -1 for a `switch`). Statement ids are relative to the
/// function's first statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ann {
    Always,
    When { cond: u32, outcome: i64 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A value some statement (relative id) defines.
    Def(u32),
    /// An intermediate value (argument, fresh storage, reachability).
    Value,
    Phi,
    /// The version a variable has when the function is entered.
    Entry(Var),
    /// The version of a variable after call site `site` (index into `calls`).
    CallOut {
        site: u32,
        var: Var,
    },
}

pub(crate) struct CallSite {
    pub callee: FuncId,
    /// Per parameter: the node of a scalar argument, or the array variable passed by reference
    /// with its versions before and after the call.
    pub args: Vec<ArgLink>,
    /// The destination's `Def` node (the call statement's value).
    pub dest: Option<u32>,
    /// Versions of the globals, streams, status and reachability before the call.
    pub before: Vec<(Var, u32)>,
    /// `CallOut` nodes of the same variables after it.
    pub after: Vec<(Var, u32)>,
}

pub(crate) enum ArgLink {
    Value(u32),
    Array { before: u32, after: u32 },
}

/// The dependency graph of one function (see the module docs). Node ids are local.
pub struct FunctionGraph {
    pub(crate) kinds: Vec<NodeKind>,
    pub(crate) deps: Vec<Vec<(u32, Ann)>>,
    pub(crate) entry: HashMap<Var, u32>,
    /// Versions at the normal exit (returns and falling off the end merged).
    pub(crate) exit: HashMap<Var, u32>,
    /// Versions where the function calls `exit()` (merged), if it does.
    pub(crate) term: HashMap<Var, u32>,
    pub(crate) calls: Vec<CallSite>,
    /// Per statement (relative id): the versions it reads and its reachability — what a failure
    /// at that statement demands.
    pub(crate) at_stmt: HashMap<u32, Vec<u32>>,
    /// Globals and streams the function's own statements define (not its callees').
    pub(crate) direct_mods: BTreeSet<Var>,
    pub(crate) params: Vec<LocalId>,
}

impl FunctionGraph {
    pub fn node_count(&self) -> usize {
        self.kinds.len()
    }

    pub fn edge_count(&self) -> usize {
        self.deps.iter().map(Vec::len).sum()
    }
}

type State = HashMap<Var, u32>;

/// One step of the path from a region's entry: the condition node passed and the outcome taken
/// (`Always` when the outcome is not a single one, e.g. a switch arm entered by falling through).
#[derive(Clone, Copy)]
struct Step {
    cond: u32,
    ann: Ann,
}

struct Pending {
    state: State,
    path: Vec<Step>,
}

struct Builder {
    base: u32,
    globals: usize,
    g: FunctionGraph,
    path: Vec<Step>,
    breaks: Vec<Pending>,
    continues: Vec<Pending>,
    returns: Vec<Pending>,
    terms: Vec<Pending>,
}

/// Build the graph of `f` in a program with `globals` globals.
pub(crate) fn build(f: &Function, globals: usize, base: u32) -> FunctionGraph {
    let mut b = Builder {
        base,
        globals,
        g: FunctionGraph {
            kinds: Vec::new(),
            deps: Vec::new(),
            entry: HashMap::new(),
            exit: HashMap::new(),
            term: HashMap::new(),
            calls: Vec::new(),
            at_stmt: HashMap::new(),
            direct_mods: BTreeSet::new(),
            params: f.params.clone(),
        },
        path: Vec::new(),
        breaks: Vec::new(),
        continues: Vec::new(),
        returns: Vec::new(),
        terms: Vec::new(),
    };
    let mut st = Some(State::new());
    b.block(&f.body, &mut st);
    let mut incoming: Vec<(State, Vec<Step>)> = std::mem::take(&mut b.returns)
        .into_iter()
        .map(|p| (p.state, p.path))
        .collect();
    if let Some(s) = st {
        incoming.push((s, Vec::new()));
    }
    if let Some(exit) = b.merge(incoming, Some(&State::new())) {
        b.g.exit = exit;
    }
    let terms: Vec<(State, Vec<Step>)> = std::mem::take(&mut b.terms)
        .into_iter()
        .map(|p| (p.state, p.path))
        .collect();
    if let Some(term) = b.merge(terms, Some(&State::new())) {
        b.g.term = term;
    }
    // Every variable a caller links to has a version at the exit (its entry one if untouched).
    let mut vars: Vec<Var> = b.g.entry.keys().copied().collect();
    vars.extend(b.g.params.iter().map(|&p| Var::Local(p)));
    vars.extend(b.pseudo_and_globals());
    for v in vars {
        if !b.g.exit.contains_key(&v) {
            let e = b.entry(v);
            b.g.exit.insert(v, e);
        }
    }
    b.g
}

impl Builder {
    fn node(&mut self, kind: NodeKind, deps: Vec<(u32, Ann)>) -> u32 {
        let id = self.g.kinds.len() as u32;
        self.g.kinds.push(kind);
        self.g.deps.push(deps);
        id
    }

    fn always(nodes: impl IntoIterator<Item = u32>) -> Vec<(u32, Ann)> {
        let mut v: Vec<(u32, Ann)> = nodes.into_iter().map(|n| (n, Ann::Always)).collect();
        v.sort_by_key(|(n, _)| *n);
        v.dedup_by_key(|(n, _)| *n);
        v
    }

    fn rel(&self, s: &Stmt) -> u32 {
        s.id.0.wrapping_sub(self.base)
    }

    fn entry(&mut self, v: Var) -> u32 {
        if let Some(&n) = self.g.entry.get(&v) {
            return n;
        }
        let n = self.node(NodeKind::Entry(v), Vec::new());
        self.g.entry.insert(v, n);
        n
    }

    fn get(&mut self, st: &mut State, v: Var) -> u32 {
        if let Some(&n) = st.get(&v) {
            return n;
        }
        let n = self.entry(v);
        st.insert(v, n);
        n
    }

    fn pseudo_and_globals(&self) -> Vec<Var> {
        let mut v = vec![Var::Out, Var::In, Var::Status, Var::Ctl];
        v.extend((0..self.globals).map(|i| Var::Global(GlobalId(i as u32))));
        v
    }

    fn var_of(base: VarRef) -> Option<Var> {
        match base {
            VarRef::Local(l) => Some(Var::Local(l)),
            VarRef::Global(g) => Some(Var::Global(g)),
            // argv is the test's concrete, read-only input.
            VarRef::Argv => None,
        }
    }

    /// Versions an expression reads.
    fn uses(&mut self, st: &mut State, e: &Expr, out: &mut Vec<u32>) {
        let mut places: Vec<VarRef> = Vec::new();
        e.walk(&mut |x: &Expr| {
            if let ExprKind::Load(p) = &x.kind {
                places.push(p.base);
            }
        });
        for base in places {
            if let Some(v) = Self::var_of(base) {
                out.push(self.get(st, v));
            }
        }
    }

    fn place_uses(&mut self, st: &mut State, p: &Place, out: &mut Vec<u32>) {
        for i in &p.indices {
            self.uses(st, i, out);
        }
    }

    fn str_uses(&mut self, st: &mut State, s: &StrArg, out: &mut Vec<u32>) {
        match s {
            StrArg::Array(p) => {
                if let Some(v) = Self::var_of(p.base) {
                    out.push(self.get(st, v));
                }
                self.place_uses(st, p, out);
            }
            // The pointer's value (what it points to is memory the graph does not track).
            StrArg::Ptr(e) => self.uses(st, e, out),
            StrArg::Literal(_) => {}
        }
    }

    /// Define `place` with `deps` at statement `s`: a scalar gets a fresh version, an array
    /// cell a new version of the whole array that also reads the old one (weak update).
    fn define(&mut self, st: &mut State, s: u32, p: &Place, mut deps: Vec<u32>) {
        let Some(v) = Self::var_of(p.base) else {
            return;
        };
        self.place_uses(st, p, &mut deps);
        if !p.indices.is_empty() {
            deps.push(self.get(st, v));
        }
        let n = self.node(NodeKind::Def(s), Self::always(deps));
        self.set(st, v, n);
    }

    fn set(&mut self, st: &mut State, v: Var, n: u32) {
        if matches!(v, Var::Global(_) | Var::Out | Var::In | Var::Status) {
            self.g.direct_mods.insert(v);
        }
        st.insert(v, n);
    }

    fn block(&mut self, b: &Block, st: &mut Option<State>) {
        for s in b {
            if st.is_none() {
                // Unreachable code after break/continue/return: nothing flows from it.
                return;
            }
            self.stmt(s, st);
        }
    }

    fn stmt(&mut self, s: &Stmt, st_opt: &mut Option<State>) {
        let Some(st) = st_opt.as_mut() else {
            return;
        };
        let rel = self.rel(s);
        // What a failure here demands: what the statement reads and that it is reached.
        let mut demand = vec![self.get(st, Var::Ctl)];
        match &s.kind {
            StmtKind::Decl(l) => {
                let n = self.node(NodeKind::Value, Vec::new());
                st.insert(Var::Local(*l), n);
            }
            StmtKind::Assign { place, value } => {
                let mut deps = Vec::new();
                self.uses(st, value, &mut deps);
                demand.extend(&deps);
                self.place_uses(st, place, &mut demand);
                self.define(st, rel, place, deps);
            }
            StmtKind::Call { dest, func, args } => {
                self.call(st, rel, *dest, *func, args, &mut demand);
            }
            StmtKind::Builtin(b) => self.builtin(st, rel, b, &mut demand),
            StmtKind::If { cond, then_, else_ } => {
                let mut deps = Vec::new();
                self.uses(st, cond, &mut deps);
                demand.extend(&deps);
                let c = self.node(NodeKind::Def(rel), Self::always(deps));
                self.g.at_stmt.insert(rel, demand);
                self.branch(st_opt, rel, c, then_, else_);
                return;
            }
            StmtKind::Loop { body, latch } => {
                self.g.at_stmt.insert(rel, demand);
                self.looped(st_opt, body, latch);
                return;
            }
            StmtKind::Switch { scrutinee, arms } => {
                let mut deps = Vec::new();
                self.uses(st, scrutinee, &mut deps);
                demand.extend(&deps);
                let c = self.node(NodeKind::Def(rel), Self::always(deps));
                self.g.at_stmt.insert(rel, demand);
                self.switch(st_opt, rel, c, arms);
                return;
            }
            StmtKind::Break | StmtKind::Continue => {
                let p = Pending {
                    state: st.clone(),
                    path: self.path.clone(),
                };
                if matches!(s.kind, StmtKind::Break) {
                    self.breaks.push(p);
                } else {
                    self.continues.push(p);
                }
                self.g.at_stmt.insert(rel, demand);
                *st_opt = None;
                return;
            }
            StmtKind::Return(e) => {
                let mut deps = Vec::new();
                if let Some(e) = e {
                    self.uses(st, e, &mut deps);
                }
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                st.insert(Var::Ret, n);
                self.returns.push(Pending {
                    state: st.clone(),
                    path: self.path.clone(),
                });
                self.g.at_stmt.insert(rel, demand);
                *st_opt = None;
                return;
            }
            StmtKind::Assert(e) | StmtKind::Assume(e) => {
                self.uses(st, e, &mut demand);
            }
            StmtKind::Exit(e) => {
                let mut deps = Vec::new();
                self.uses(st, e, &mut deps);
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                self.set(st, Var::Status, n);
                self.terms.push(Pending {
                    state: st.clone(),
                    path: self.path.clone(),
                });
                self.g.at_stmt.insert(rel, demand);
                *st_opt = None;
                return;
            }
        }
        self.g.at_stmt.insert(rel, demand);
    }

    fn builtin(&mut self, st: &mut State, rel: u32, b: &Builtin, demand: &mut Vec<u32>) {
        match b {
            Builtin::Printf { args, .. } => {
                let mut deps = vec![self.get(st, Var::Out)];
                for a in args {
                    match a {
                        PrintArg::Int(e) => self.uses(st, e, &mut deps),
                        PrintArg::Str(s) => self.str_uses(st, s, &mut deps),
                    }
                }
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                self.set(st, Var::Out, n);
            }
            Builtin::Putchar { value, .. } => {
                let mut deps = vec![self.get(st, Var::Out)];
                self.uses(st, value, &mut deps);
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                self.set(st, Var::Out, n);
            }
            Builtin::Puts(s) => {
                let mut deps = vec![self.get(st, Var::Out)];
                self.str_uses(st, s, &mut deps);
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                self.set(st, Var::Out, n);
            }
            Builtin::Scanf { targets, dest, .. } => {
                let input = self.get(st, Var::In);
                demand.push(input);
                for t in targets {
                    self.place_uses(st, t, demand);
                    self.define(st, rel, t, vec![input]);
                }
                if let Some(d) = dest {
                    let n = self.node(NodeKind::Def(rel), Self::always([input]));
                    st.insert(Var::Local(*d), n);
                }
                let n = self.node(NodeKind::Def(rel), Self::always([input]));
                self.set(st, Var::In, n);
            }
            Builtin::Getchar { dest } | Builtin::Nondet { dest, .. } => {
                let input = self.get(st, Var::In);
                demand.push(input);
                let n = self.node(NodeKind::Def(rel), Self::always([input]));
                st.insert(Var::Local(*dest), n);
                let n = self.node(NodeKind::Def(rel), Self::always([input]));
                self.set(st, Var::In, n);
            }
            Builtin::Atoi { dest, arg } | Builtin::Atof { dest, arg } => {
                let mut deps = Vec::new();
                self.str_uses(st, arg, &mut deps);
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                st.insert(Var::Local(*dest), n);
            }
            // A string call reads its operands; a copy writes its first one, keeping the
            // cells it does not reach (a weak update of the whole array).
            Builtin::Str { func, dest, args } => {
                let mut deps = Vec::new();
                for a in args {
                    match a {
                        StrOperand::Str(s) => self.str_uses(st, s, &mut deps),
                        StrOperand::Int(e) => self.uses(st, e, &mut deps),
                    }
                }
                demand.extend(&deps);
                if func.writes() {
                    if let Some(StrOperand::Str(StrArg::Array(p))) = args.first() {
                        self.define(st, rel, p, deps.clone());
                    }
                }
                if let Some(d) = dest {
                    let n = self.node(NodeKind::Def(rel), Self::always(deps));
                    st.insert(Var::Local(*d), n);
                }
            }
            Builtin::Fgets { buf, size, dest } => {
                let input = self.get(st, Var::In);
                let mut deps = vec![input];
                if let Some(e) = size {
                    self.uses(st, e, &mut deps);
                }
                demand.extend(&deps);
                self.str_uses(st, &StrArg::Array(buf.clone()), &mut deps);
                self.define(st, rel, buf, deps.clone());
                if let Some(d) = dest {
                    let n = self.node(NodeKind::Def(rel), Self::always(deps));
                    st.insert(Var::Local(*d), n);
                }
                let n = self.node(NodeKind::Def(rel), Self::always([input]));
                self.set(st, Var::In, n);
            }
            // `sprintf`: the buffer (a weak update) and the count depend on the arguments.
            Builtin::Sprintf {
                buf,
                size,
                args,
                dest,
                ..
            } => {
                let mut deps = Vec::new();
                if let Some(e) = size {
                    self.uses(st, e, &mut deps);
                }
                for a in args {
                    match a {
                        PrintArg::Int(e) => self.uses(st, e, &mut deps),
                        PrintArg::Str(s) => self.str_uses(st, s, &mut deps),
                    }
                }
                demand.extend(&deps);
                self.str_uses(st, &StrArg::Array(buf.clone()), &mut deps);
                self.define(st, rel, buf, deps.clone());
                if let Some(d) = dest {
                    let n = self.node(NodeKind::Def(rel), Self::always(deps));
                    st.insert(Var::Local(*d), n);
                }
            }
            // `strtol`: the value and the end pointer depend on the string and the base.
            Builtin::Strtol {
                dest,
                arg,
                end,
                base,
                ..
            } => {
                let mut deps = Vec::new();
                self.str_uses(st, arg, &mut deps);
                self.uses(st, base, &mut deps);
                demand.extend(&deps);
                if let Some(p) = end {
                    self.define(st, rel, p, deps.clone());
                }
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                st.insert(Var::Local(*dest), n);
            }
            // `sscanf`: like `scanf`, reading the string instead of the input stream.
            Builtin::Sscanf {
                src, targets, dest, ..
            } => {
                let mut deps = Vec::new();
                self.str_uses(st, src, &mut deps);
                demand.extend(&deps);
                for t in targets {
                    self.place_uses(st, t, demand);
                    self.define(st, rel, t, deps.clone());
                }
                if let Some(d) = dest {
                    let n = self.node(NodeKind::Def(rel), Self::always(deps));
                    st.insert(Var::Local(*d), n);
                }
            }
            // Dynamic memory, `ungetc`, output counts: the result depends on the arguments
            // (and `ungetc` changes what is read next).
            Builtin::Lib { op, dest, args } => {
                let mut deps = Vec::new();
                for a in args {
                    self.uses(st, a, &mut deps);
                }
                if matches!(op, faultline_ir::LibOp::Ungetc) {
                    deps.push(self.get(st, Var::In));
                }
                if matches!(op, faultline_ir::LibOp::OutputCount) {
                    deps.push(self.get(st, Var::Out));
                }
                demand.extend(&deps);
                if let Some(d) = dest {
                    let n = self.node(NodeKind::Def(rel), Self::always(deps.clone()));
                    st.insert(Var::Local(*d), n);
                }
                if matches!(op, faultline_ir::LibOp::Ungetc) {
                    let n = self.node(NodeKind::Def(rel), Self::always(deps));
                    self.set(st, Var::In, n);
                }
            }
            // A math.h call: its result depends on its arguments only.
            Builtin::Math { dest, args, .. } => {
                let mut deps = Vec::new();
                for a in args {
                    self.uses(st, a, &mut deps);
                }
                demand.extend(&deps);
                let n = self.node(NodeKind::Def(rel), Self::always(deps));
                st.insert(Var::Local(*dest), n);
            }
        }
    }

    fn call(
        &mut self,
        st: &mut State,
        rel: u32,
        dest: Option<LocalId>,
        callee: FuncId,
        args: &[Arg],
        demand: &mut Vec<u32>,
    ) {
        let site = self.g.calls.len() as u32;
        let mut links = Vec::with_capacity(args.len());
        let mut arrays = Vec::new();
        for a in args {
            match a {
                Arg::Value(e) => {
                    let mut deps = Vec::new();
                    self.uses(st, e, &mut deps);
                    demand.extend(&deps);
                    links.push(ArgLink::Value(
                        self.node(NodeKind::Value, Self::always(deps)),
                    ));
                }
                Arg::ArrayRef(p) => {
                    let mut deps = Vec::new();
                    self.place_uses(st, p, &mut deps);
                    demand.extend(&deps);
                    match Self::var_of(p.base) {
                        Some(v) => {
                            let old = self.get(st, v);
                            demand.push(old);
                            deps.push(old);
                            let before = self.node(NodeKind::Value, Self::always(deps));
                            let after = self.node(NodeKind::CallOut { site, var: v }, Vec::new());
                            arrays.push((v, after));
                            links.push(ArgLink::Array { before, after });
                        }
                        None => {
                            let n = self.node(NodeKind::Value, Self::always(deps));
                            links.push(ArgLink::Array {
                                before: n,
                                after: n,
                            });
                        }
                    }
                }
            }
        }
        let vars = self.pseudo_and_globals();
        let mut before = Vec::with_capacity(vars.len());
        let mut after = Vec::with_capacity(vars.len());
        for v in vars {
            let b = self.get(st, v);
            before.push((v, b));
            let a = self.node(NodeKind::CallOut { site, var: v }, Vec::new());
            after.push((v, a));
        }
        for &(v, a) in &after {
            st.insert(v, a);
        }
        for (v, a) in arrays {
            st.insert(v, a);
        }
        let dest_node = dest.map(|d| {
            let n = self.node(NodeKind::Def(rel), Vec::new());
            st.insert(Var::Local(d), n);
            n
        });
        self.g.calls.push(CallSite {
            callee,
            args: links,
            dest: dest_node,
            before,
            after,
        });
    }

    fn branch(
        &mut self,
        st_opt: &mut Option<State>,
        rel: u32,
        c: u32,
        then_: &Block,
        else_: &Block,
    ) {
        let Some(st) = st_opt.take() else {
            return;
        };
        let depth = self.path.len();
        let marks = self.marks();
        let mut arms = Vec::new();
        for (outcome, blk) in [(1i64, then_), (0i64, else_)] {
            let mut s = Some(st.clone());
            self.path.push(Step {
                cond: c,
                ann: Ann::When { cond: rel, outcome },
            });
            self.block(blk, &mut s);
            self.path.pop();
            if let Some(s) = s {
                arms.push((
                    s,
                    vec![Step {
                        cond: c,
                        ann: Ann::When { cond: rel, outcome },
                    }],
                ));
            }
        }
        let diverted = arms.len() < 2 || self.marks() != marks;
        let mut merged = self.merge(arms, None);
        if diverted {
            if let Some(m) = merged.as_mut() {
                // Reaching past this `if` depends on the conditions that sent other paths away.
                let mut deps = vec![c];
                deps.extend(self.conds_since(marks, depth));
                if let Some(&old) = m.get(&Var::Ctl) {
                    deps.push(old);
                } else {
                    deps.push(self.entry(Var::Ctl));
                }
                let n = self.node(NodeKind::Value, Self::always(deps));
                m.insert(Var::Ctl, n);
            }
        }
        *st_opt = merged;
    }

    /// Lengths of the pending lists (to tell what a region added).
    fn marks(&self) -> [usize; 4] {
        [
            self.breaks.len(),
            self.continues.len(),
            self.returns.len(),
            self.terms.len(),
        ]
    }

    /// Condition nodes on the paths of the pendings added since `marks`, below `depth`.
    fn conds_since(&self, marks: [usize; 4], depth: usize) -> Vec<u32> {
        let lists = [&self.breaks, &self.continues, &self.returns, &self.terms];
        let mut out = Vec::new();
        for (list, &m) in lists.iter().zip(&marks) {
            for p in &list[m..] {
                out.extend(p.path.iter().skip(depth).map(|s| s.cond));
            }
        }
        out
    }

    fn looped(&mut self, st_opt: &mut Option<State>, body: &Block, latch: &Block) {
        let Some(mut st) = st_opt.take() else {
            return;
        };
        let mut defined = BTreeSet::new();
        defined.insert(Var::Ctl);
        defs_in(body, self.globals, &mut defined);
        defs_in(latch, self.globals, &mut defined);
        let mut heads = Vec::new();
        let pre = st.clone();
        for &v in &defined {
            let before = self.get(&mut st, v);
            let phi = self.node(NodeKind::Phi, vec![(before, Ann::Always)]);
            st.insert(v, phi);
            heads.push((v, phi));
        }
        let depth = self.path.len();
        let (b0, c0) = (self.breaks.len(), self.continues.len());
        let head = st.clone();
        let mut s = Some(st);
        self.block(body, &mut s);
        let mut incoming: Vec<(State, Vec<Step>)> = self
            .continues
            .drain(c0..)
            .map(|p| (p.state, p.path[depth.min(p.path.len())..].to_vec()))
            .collect();
        if let Some(s) = s {
            incoming.push((s, Vec::new()));
        }
        let mut s = self.merge(incoming, Some(&head));
        self.block(latch, &mut s);
        if let Some(end) = s {
            for (v, phi) in heads {
                if let Some(&n) = end.get(&v) {
                    if n != phi && !self.g.deps[phi as usize].iter().any(|(d, _)| *d == n) {
                        self.g.deps[phi as usize].push((n, Ann::Always));
                    }
                }
            }
        }
        let exits: Vec<(State, Vec<Step>)> = self
            .breaks
            .drain(b0..)
            .map(|p| (p.state, p.path[depth.min(p.path.len())..].to_vec()))
            .collect();
        // The exit is a merge of *iterations*: which one leaves is decided by the conditions on
        // the break paths, so every value the loop defines depends on them (even with a single
        // `break`), unlike the merge after an `if`.
        *st_opt = self.merge(exits, Some(&pre));
    }

    fn switch(
        &mut self,
        st_opt: &mut Option<State>,
        rel: u32,
        c: u32,
        arms: &[faultline_ir::SwitchArm],
    ) {
        let Some(st) = st_opt.take() else {
            return;
        };
        let st_in = st.clone();
        let depth = self.path.len();
        let b0 = self.breaks.len();
        let mut fall: Option<State> = None;
        for (k, arm) in arms.iter().enumerate() {
            let enter = Step {
                cond: c,
                ann: Ann::When {
                    cond: rel,
                    outcome: k as i64,
                },
            };
            let (mut s, step) = match fall.take() {
                None => (Some(st.clone()), enter),
                Some(f) => {
                    let m = self.merge(
                        vec![
                            (st.clone(), vec![enter]),
                            (
                                f,
                                vec![Step {
                                    cond: c,
                                    ann: Ann::Always,
                                }],
                            ),
                        ],
                        None,
                    );
                    // Entered by matching or by falling through: no single outcome holds.
                    (
                        m,
                        Step {
                            cond: c,
                            ann: Ann::Always,
                        },
                    )
                }
            };
            self.path.push(step);
            self.block(&arm.body, &mut s);
            self.path.pop();
            fall = s;
        }
        let mut exits: Vec<(State, Vec<Step>)> = self
            .breaks
            .drain(b0..)
            .map(|p| (p.state, p.path[depth.min(p.path.len())..].to_vec()))
            .collect();
        if let Some(f) = fall {
            exits.push((
                f,
                vec![Step {
                    cond: c,
                    ann: Ann::Always,
                }],
            ));
        }
        if !arms.iter().any(|a| a.is_default) {
            exits.push((
                st,
                vec![Step {
                    cond: c,
                    ann: Ann::When {
                        cond: rel,
                        outcome: -1,
                    },
                }],
            ));
        }
        *st_opt = self.merge(exits, Some(&st_in));
    }

    /// Merge incoming states (each with its path below the merge's region).
    ///
    /// After an `if` (`region` is `None`) a variable whose versions differ gets a phi reading
    /// each version under the path's last outcome and the deciding conditions. At the end of a
    /// region that paths *left early* (`region` is the state at its entry: a loop's exit, a
    /// function's exit, a switch's end) the merged paths may come from different iterations or
    /// exits, so every variable the region changed depends on the conditions on those paths, as
    /// does reachability.
    fn merge(
        &mut self,
        incoming: Vec<(State, Vec<Step>)>,
        region: Option<&State>,
    ) -> Option<State> {
        if incoming.is_empty() {
            return None;
        }
        let mut conds: Vec<u32> = incoming
            .iter()
            .flat_map(|(_, p)| p.iter().map(|s| s.cond))
            .collect();
        conds.sort_unstable();
        conds.dedup();
        if incoming.len() == 1 && (region.is_none() || conds.is_empty()) {
            return incoming.into_iter().next().map(|(s, _)| s);
        }
        let mut vars: BTreeSet<Var> = BTreeSet::new();
        for (s, _) in &incoming {
            vars.extend(s.keys().copied());
        }
        if region.is_some() {
            vars.insert(Var::Ctl);
        }
        let mut out = State::new();
        for v in vars {
            let mut versions: Vec<(u32, Ann)> = Vec::with_capacity(incoming.len());
            for (s, p) in &incoming {
                let n = match s.get(&v) {
                    Some(&n) => n,
                    None => self.entry(v),
                };
                let ann = p.last().map_or(Ann::Always, |s| s.ann);
                versions.push((n, ann));
            }
            let same = versions.iter().all(|(n, _)| *n == versions[0].0);
            let changed_in_region = match region {
                None => false,
                Some(r) => {
                    !conds.is_empty()
                        && (v == Var::Ctl
                            || r.get(&v).or(self.g.entry.get(&v)) != Some(&versions[0].0))
                }
            };
            if same && !changed_in_region {
                out.insert(v, versions[0].0);
                continue;
            }
            let mut deps = versions;
            deps.extend(Self::always(conds.iter().copied()));
            if region.is_some() {
                // Which exit was taken also depends on what made each of them reachable (a
                // `return` after a loop condition's `break` branch is not inside that branch).
                for (s, _) in &incoming {
                    if let Some(&c) = s.get(&Var::Ctl) {
                        deps.push((c, Ann::Always));
                    }
                }
            }
            let n = self.node(NodeKind::Phi, deps);
            out.insert(v, n);
        }
        Some(out)
    }
}

/// Variables a block may define (for the loop-head phis): assigned places, builtin
/// destinations and streams, and for a call every global, stream and array passed.
fn defs_in(b: &Block, globals: usize, out: &mut BTreeSet<Var>) {
    let add_place = |p: &Place, out: &mut BTreeSet<Var>| {
        if let Some(v) = Builder::var_of(p.base) {
            out.insert(v);
        }
    };
    for s in b {
        match &s.kind {
            StmtKind::Decl(l) => {
                out.insert(Var::Local(*l));
            }
            StmtKind::Assign { place, .. } => add_place(place, out),
            StmtKind::Call { dest, args, .. } => {
                if let Some(d) = dest {
                    out.insert(Var::Local(*d));
                }
                for a in args {
                    if let Arg::ArrayRef(p) = a {
                        add_place(p, out);
                    }
                }
                out.extend([Var::Out, Var::In, Var::Status]);
                out.extend((0..globals).map(|i| Var::Global(GlobalId(i as u32))));
            }
            StmtKind::Builtin(bi) => match bi {
                Builtin::Printf { .. } | Builtin::Putchar { .. } | Builtin::Puts(_) => {
                    out.insert(Var::Out);
                }
                Builtin::Scanf { targets, dest, .. } => {
                    for t in targets {
                        add_place(t, out);
                    }
                    if let Some(d) = dest {
                        out.insert(Var::Local(*d));
                    }
                    out.insert(Var::In);
                }
                Builtin::Getchar { dest } | Builtin::Nondet { dest, .. } => {
                    out.insert(Var::Local(*dest));
                    out.insert(Var::In);
                }
                Builtin::Atoi { dest, .. }
                | Builtin::Atof { dest, .. }
                | Builtin::Math { dest, .. } => {
                    out.insert(Var::Local(*dest));
                }
                Builtin::Str { func, dest, args } => {
                    if let Some(d) = dest {
                        out.insert(Var::Local(*d));
                    }
                    if func.writes() {
                        if let Some(StrOperand::Str(StrArg::Array(p))) = args.first() {
                            add_place(p, out);
                        }
                    }
                }
                Builtin::Sprintf { buf, dest, .. } => {
                    add_place(buf, out);
                    if let Some(d) = dest {
                        out.insert(Var::Local(*d));
                    }
                }
                Builtin::Strtol { dest, end, .. } => {
                    out.insert(Var::Local(*dest));
                    if let Some(p) = end {
                        add_place(p, out);
                    }
                }
                Builtin::Sscanf { targets, dest, .. } => {
                    for t in targets {
                        add_place(t, out);
                    }
                    if let Some(d) = dest {
                        out.insert(Var::Local(*d));
                    }
                }
                Builtin::Lib { op, dest, .. } => {
                    if let Some(d) = dest {
                        out.insert(Var::Local(*d));
                    }
                    if matches!(op, faultline_ir::LibOp::Ungetc) {
                        out.insert(Var::In);
                    }
                }
                Builtin::Fgets { buf, dest, .. } => {
                    add_place(buf, out);
                    if let Some(d) = dest {
                        out.insert(Var::Local(*d));
                    }
                    out.insert(Var::In);
                }
            },
            StmtKind::If { then_, else_, .. } => {
                defs_in(then_, globals, out);
                defs_in(else_, globals, out);
            }
            StmtKind::Loop { body, latch } => {
                defs_in(body, globals, out);
                defs_in(latch, globals, out);
            }
            StmtKind::Switch { arms, .. } => {
                for a in arms {
                    defs_in(&a.body, globals, out);
                }
            }
            StmtKind::Return(_) => {
                out.insert(Var::Ret);
            }
            StmtKind::Exit(_) => {
                out.insert(Var::Status);
            }
            StmtKind::Break | StmtKind::Continue | StmtKind::Assert(_) | StmtKind::Assume(_) => {}
        }
    }
}
