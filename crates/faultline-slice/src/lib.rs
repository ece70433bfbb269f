//! Static dependency graph (SDG) of a lowered C program and I-FOSFL must-location sets.
//!
//! The SDG's nodes are SSA versions of the program's variables; its edges say which versions a
//! version is computed from, annotated *true* for assignments and with a branch outcome for
//! phi edges (see [`graph`] for the construction). It is built per function and linked at call
//! sites; each function's part is cached by a content hash of its lowered IR ([`SdgCache`]), so
//! after an edit only the edited function is rebuilt — the language server keeps one cache per
//! document.
//!
//! [`Sdg::must_set`] slices the graph along a failing test's recorded run (the interpreter's
//! trace is the model): from the versions the failure demands, follow the edges whose annotation
//! held in the run, and collect the statements that define the reached versions. Every repair
//! of the test changes one of them (the *must* property):
//!
//! *Why.* Take the run with every statement of the set as written. By induction along the run,
//! every reached version gets the value it had in the failing run: a `Def` version is computed
//! by an unchanged statement from reached versions; a phi reads its guard conditions (reached,
//! so they take the same outcomes), hence the same incoming version, which is reached because
//! its edge's annotation held. Reachability is a variable (`Ctl`) whose versions depend on the
//! conditions that can send control elsewhere before the failing statement (an early `return`,
//! `break`, `exit()`, the loop condition that ends a loop), so the failing statement is reached
//! again, and reads the same values: the test fails the same way (the failing statement itself
//! is in the set: changed, it would not evaluate what went wrong). Conditions are therefore
//! locations like assignments — a wrong condition is repaired by changing it, and a condition
//! fault that *skips* an assignment is caught because the phi after the branch reads the guard.
//! The graph is static (one node per statement and variable, cycles for loops) and an edge is
//! followed when its annotation held in *some* dynamic instance, which only adds statements; so
//! the set is a superset of the dynamic slice, and statements the run never executed are
//! dropped (no dynamic dependency can reach them).
//!
//! [`Sdg::static_slice`] follows every edge: the statements that can influence a demand in any
//! run; the others cannot be part of a minimal repair.

mod fingerprint;
pub mod graph;
mod must;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use faultline_ir::{FuncId, Program, StmtId};

pub use graph::{Ann, FunctionGraph, NodeKind, Var};
pub use must::{demand_of, failure_sites, Demand, RunModel};

use graph::ArgLink;

/// Per-function graphs reused across program versions, keyed by a content hash of each
/// function's lowered IR (spans and absolute ids excluded). Shareable between threads.
#[derive(Default)]
pub struct SdgCache {
    map: Mutex<HashMap<u64, Arc<FunctionGraph>>>,
    hits: AtomicUsize,
    misses: AtomicUsize,
}

/// How many function graphs were reused and built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub reused: usize,
    pub built: usize,
}

impl std::fmt::Debug for SdgCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SdgCache")
            .field("stats", &self.stats())
            .finish()
    }
}

impl SdgCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Totals over every [`SdgCache::sdg`] call.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            reused: self.hits.load(Ordering::Relaxed),
            built: self.misses.load(Ordering::Relaxed),
        }
    }

    /// The SDG of `program`, rebuilding only functions whose IR changed since the last call.
    /// Graphs of functions that no longer exist are dropped, so the cache holds one program
    /// version.
    pub fn sdg(&self, program: &Program) -> Sdg {
        let globals = program.globals.len();
        let mut parts = Vec::with_capacity(program.functions.len());
        let mut stats = CacheStats::default();
        let mut keys = HashSet::with_capacity(program.functions.len());
        {
            // A poisoned lock only means another build panicked midway; the map is still valid.
            let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
            for f in &program.functions {
                let base = fingerprint::stmt_base(f);
                let key = fingerprint::fingerprint(f, globals);
                keys.insert(key);
                let graph = match map.get(&key) {
                    Some(g) => {
                        stats.reused += 1;
                        g.clone()
                    }
                    None => {
                        stats.built += 1;
                        let g = Arc::new(graph::build(f, globals, base));
                        map.insert(key, g.clone());
                        g
                    }
                };
                parts.push((graph, base));
            }
            map.retain(|k, _| keys.contains(k));
        }
        self.hits.fetch_add(stats.reused, Ordering::Relaxed);
        self.misses.fetch_add(stats.built, Ordering::Relaxed);
        Sdg::link(program, parts, stats)
    }
}

struct Part {
    graph: Arc<FunctionGraph>,
    /// First global node id.
    offset: u32,
    /// Absolute id of the function's first statement.
    base: u32,
    /// One past the largest relative statement id.
    stmt_len: u32,
}

/// The linked dependency graph of a whole program.
pub struct Sdg {
    parts: Vec<Part>,
    /// Interprocedural edges (call sites to callees and back), by global node id.
    links: HashMap<u32, Vec<u32>>,
    /// Function index by first statement id, for mapping statements to functions.
    by_base: Vec<(u32, usize)>,
    may_terminate: Vec<bool>,
    main: Option<FuncId>,
    /// What this build reused and rebuilt.
    pub stats: CacheStats,
}

impl Sdg {
    /// Build without a cache.
    pub fn build(program: &Program) -> Sdg {
        SdgCache::new().sdg(program)
    }

    fn link(program: &Program, graphs: Vec<(Arc<FunctionGraph>, u32)>, stats: CacheStats) -> Sdg {
        let mut parts = Vec::with_capacity(graphs.len());
        let mut offset = 0u32;
        for (graph, base) in graphs {
            let stmt_len = graph.at_stmt.keys().map(|k| k + 1).max().unwrap_or(0);
            let n = graph.node_count() as u32;
            parts.push(Part {
                graph,
                offset,
                base,
                stmt_len,
            });
            offset += n;
        }
        let nf = parts.len();
        // What each function may change, and whether it may call exit(), through its callees.
        let mut mods: Vec<BTreeSet<Var>> =
            parts.iter().map(|p| p.graph.direct_mods.clone()).collect();
        let mut term: Vec<bool> = parts.iter().map(|p| !p.graph.term.is_empty()).collect();
        loop {
            let mut changed = false;
            for f in 0..nf {
                for cs in &parts[f].graph.calls {
                    let g = cs.callee.index();
                    if g >= nf || g == f {
                        continue;
                    }
                    if term[g] && !term[f] {
                        term[f] = true;
                        changed = true;
                    }
                    let add: Vec<Var> = mods[g].difference(&mods[f]).copied().collect();
                    if !add.is_empty() {
                        mods[f].extend(add);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut links: HashMap<u32, Vec<u32>> = HashMap::new();
        let mut edge = |from: u32, to: u32| links.entry(from).or_default().push(to);
        for part in &parts {
            let at = |n: u32| part.offset + n;
            for cs in &part.graph.calls {
                let g = cs.callee.index();
                let Some(callee) = parts.get(g) else {
                    continue;
                };
                let cg = &callee.graph;
                let cat = |n: u32| callee.offset + n;
                let before: HashMap<Var, u32> = cs.before.iter().copied().collect();
                for &(v, after) in &cs.after {
                    let b = before[&v];
                    if let Some(&e) = cg.entry.get(&v) {
                        edge(cat(e), at(b));
                    }
                    if v == Var::Ctl {
                        edge(at(after), at(b));
                        if term[g] {
                            if let Some(&x) = cg.exit.get(&Var::Ctl) {
                                edge(at(after), cat(x));
                            }
                        }
                    } else if mods[g].contains(&v) {
                        if let Some(&x) = cg.exit.get(&v) {
                            edge(at(after), cat(x));
                        }
                    } else {
                        edge(at(after), at(b));
                    }
                }
                for (i, a) in cs.args.iter().enumerate() {
                    let param = cg.params.get(i).map(|&p| Var::Local(p));
                    let entry = param.and_then(|p| cg.entry.get(&p).copied());
                    let exit = param.and_then(|p| cg.exit.get(&p).copied());
                    match *a {
                        ArgLink::Value(n) => {
                            if let Some(e) = entry {
                                edge(cat(e), at(n));
                            }
                        }
                        ArgLink::Array { before, after } => {
                            if let Some(e) = entry {
                                edge(cat(e), at(before));
                            }
                            if after == before {
                                continue;
                            }
                            match (entry, exit) {
                                (Some(e), Some(x)) if e != x => {
                                    edge(at(after), cat(x));
                                    edge(at(after), at(before));
                                }
                                _ => edge(at(after), at(before)),
                            }
                        }
                    }
                }
                if let (Some(d), Some(&r)) = (cs.dest, cg.exit.get(&Var::Ret)) {
                    edge(at(d), cat(r));
                }
            }
        }
        let mut by_base: Vec<(u32, usize)> = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.stmt_len > 0)
            .map(|(i, p)| (p.base, i))
            .collect();
        by_base.sort();
        Sdg {
            parts,
            links,
            by_base,
            may_terminate: term,
            main: program.main,
            stats,
        }
    }

    pub fn node_count(&self) -> usize {
        self.parts.iter().map(|p| p.graph.node_count()).sum()
    }

    pub fn edge_count(&self) -> usize {
        self.parts
            .iter()
            .map(|p| p.graph.edge_count())
            .sum::<usize>()
            + self.links.values().map(Vec::len).sum::<usize>()
    }

    /// The function containing a statement, with the statement's relative id.
    fn locate(&self, s: StmtId) -> Option<(usize, u32)> {
        let k = self.by_base.partition_point(|&(b, _)| b <= s.0);
        let &(base, f) = self.by_base.get(k.checked_sub(1)?)?;
        let rel = s.0 - base;
        (rel < self.parts[f].stmt_len).then_some((f, rel))
    }

    fn part_of(&self, node: u32) -> usize {
        self.parts.partition_point(|p| p.offset <= node) - 1
    }

    /// The nodes a demand starts from.
    fn seeds(&self, demand: &Demand) -> Vec<u32> {
        match *demand {
            Demand::Stmt(s) => {
                let Some((f, rel)) = self.locate(s) else {
                    return Vec::new();
                };
                let p = &self.parts[f];
                p.graph
                    .at_stmt
                    .get(&rel)
                    .map(|v| v.iter().map(|&n| p.offset + n).collect())
                    .unwrap_or_default()
            }
            // What the program printed or its exit status, at `main`'s return or any `exit()`,
            // and the reachability of each (which of them ended the run).
            Demand::Output | Demand::ExitStatus | Demand::ProgramEnd => {
                let (at_return, at_exit): (&[Var], &[Var]) = match demand {
                    Demand::Output => (&[Var::Out, Var::Ctl], &[Var::Out, Var::Ctl]),
                    Demand::ExitStatus => (&[Var::Ret, Var::Ctl], &[Var::Status, Var::Ctl]),
                    _ => (
                        &[Var::Out, Var::Ret, Var::Ctl],
                        &[Var::Out, Var::Status, Var::Ctl],
                    ),
                };
                let mut out = Vec::new();
                if let Some(m) = self.main.and_then(|m| self.parts.get(m.index())) {
                    for v in at_return {
                        if let Some(&n) = m.graph.exit.get(v) {
                            out.push(m.offset + n);
                        }
                    }
                }
                for p in &self.parts {
                    for v in at_exit {
                        if let Some(&n) = p.graph.term.get(v) {
                            out.push(p.offset + n);
                        }
                    }
                }
                out
            }
        }
    }

    /// Statements defining the versions reachable from `demands` along edges `holds` accepts
    /// (given the absolute condition statement and outcome).
    fn slice(&self, demands: &[Demand], holds: impl Fn(StmtId, i64) -> bool) -> BTreeSet<StmtId> {
        let mut seen: HashSet<u32> = HashSet::new();
        let mut stack: Vec<u32> = demands.iter().flat_map(|d| self.seeds(d)).collect();
        // The failing statement itself is a location: changed (its value given instead of
        // computed), it no longer evaluates what went wrong.
        let mut out: BTreeSet<StmtId> = demands
            .iter()
            .filter_map(|d| match d {
                Demand::Stmt(s) => Some(*s),
                Demand::Output | Demand::ExitStatus | Demand::ProgramEnd => None,
            })
            .collect();
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            let f = self.part_of(n);
            let p = &self.parts[f];
            let local = (n - p.offset) as usize;
            if let NodeKind::Def(rel) = p.graph.kinds[local] {
                out.insert(StmtId(p.base + rel));
            }
            for &(d, ann) in &p.graph.deps[local] {
                let follow = match ann {
                    Ann::Always => true,
                    Ann::When { cond, outcome } => holds(StmtId(p.base + cond), outcome),
                };
                if follow {
                    stack.push(p.offset + d);
                }
            }
            if let Some(l) = self.links.get(&n) {
                stack.extend(l);
            }
        }
        out
    }

    /// I-FOSFL must-location set of one failing run: statements (any, not only components) one
    /// of which every repair of the test must change. Only statements the run executed.
    pub fn must_set(&self, demands: &[Demand], run: &RunModel) -> BTreeSet<StmtId> {
        let mut s = self.slice(demands, |c, o| run.took(c, o));
        s.retain(|&st| run.executed(st));
        s
    }

    /// Statements that can influence `demands` in some run (every edge followed).
    pub fn static_slice(&self, demands: &[Demand]) -> BTreeSet<StmtId> {
        self.slice(demands, |_, _| true)
    }

    /// Whether function `f` may call `exit()` (itself or through its callees).
    pub fn may_terminate(&self, f: FuncId) -> bool {
        self.may_terminate.get(f.index()).copied().unwrap_or(false)
    }
}
