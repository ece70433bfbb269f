//! Building the formulas the strategies solve: one test's replica (full, parametric or
//! candidate-only), several tests' replicas in one formula, and the sizes the report shows.
//!
//! **Invariant:** every replica is built from the same options the interpreter is held to
//! (`Runner::hold_to`): the formula and the probes answer the same question. The only
//! difference between tests is whether their multiplication overflow checks are deferred,
//! and a test only ever goes from deferred to strict.

use std::cell::RefCell;
use std::collections::BTreeSet;

use faultline_ir::Program;
use faultline_runner::Suite;
use faultline_ssa::{ComponentId, Components, SymexOptions, TermStore};

use crate::formula::Encoded;
use crate::options::Budget;
use crate::{replica, symex_error, CandidateFormulas, DiagnoseError, FormulaSize, Phase, Report};

pub(crate) struct Formulas<'a> {
    program: &'a Program,
    suite: &'a Suite,
    components: &'a Components,
    symex_opts: &'a SymexOptions,
    budget: &'a Budget,
    /// Tests (suite indices) whose replicas carry every multiplication overflow check. The
    /// others leave them out ([`SymexOptions::defer_mul_overflow`]): the checks make a
    /// replica several times harder, and a model rarely relies on an overflowing product. A
    /// test joins the first time a candidate's validation hits undefined behaviour in it; its
    /// formulas are rebuilt with every check, so such a model cannot come back for it.
    strict: RefCell<BTreeSet<usize>>,
    /// `(variables, clauses)` of every candidate-only replica built, for the report's
    /// [`FormulaSize::candidates`].
    candidate_sizes: RefCell<Vec<(u32, usize)>>,
    /// Per `--refine` formula: its replicas, terms and size, for the report's [`FormulaSize`]
    /// (the refinement runs while the report's diagnoses are being filled in).
    refined_sizes: RefCell<Vec<(usize, usize, faultline_encode::FormulaStats)>>,
}

impl<'a> Formulas<'a> {
    pub fn new(
        program: &'a Program,
        suite: &'a Suite,
        components: &'a Components,
        symex_opts: &'a SymexOptions,
        budget: &'a Budget,
    ) -> Self {
        Formulas {
            program,
            suite,
            components,
            symex_opts,
            budget,
            strict: Default::default(),
            candidate_sizes: Default::default(),
            refined_sizes: Default::default(),
        }
    }

    /// The run's own symbolic execution options.
    pub fn symex_opts(&self) -> &'a SymexOptions {
        self.symex_opts
    }

    /// Whether `test`'s replicas carry every multiplication overflow check.
    pub fn is_strict(&self, test: usize) -> bool {
        self.strict.borrow().contains(&test)
    }

    /// From now on `test`'s replicas carry every multiplication overflow check: `false` when
    /// they did already.
    pub fn make_strict(&self, test: usize) -> bool {
        self.strict.borrow_mut().insert(test)
    }

    /// The candidate-only replica of `blamed` for `test` (only `blamed` relaxed: it folds to
    /// almost nothing), encoded; `None` when it has more than `max_vars` variables.
    pub fn candidate_only(
        &self,
        blamed: &BTreeSet<ComponentId>,
        test: usize,
        max_vars: u32,
    ) -> Result<Option<Encoded>, DiagnoseError> {
        let opts = SymexOptions {
            relax_only: Some(blamed.clone()),
            ..self.deferring_opts()
        };
        let mut store = TermStore::new();
        let spec = replica::replica_spec(&self.suite.cases[test]);
        let opts = self.strict_for(test, &opts);
        let r = match faultline_ssa::symex(self.program, self.components, &spec, &mut store, &opts)
        {
            Ok(r) => r,
            Err(faultline_ssa::SymexError::Stopped) if self.budget.cancelled() => {
                return Err(DiagnoseError::Cancelled)
            }
            Err(e) => return Err(symex_error(e)),
        };
        let Some(enc) = Encoded::new_within(
            store,
            vec![(test, r)],
            self.components,
            self.budget,
            max_vars,
        )?
        else {
            return Ok(None);
        };
        let stats = enc.formula.stats();
        (self.candidate_sizes.borrow_mut()).push((stats.vars, stats.clauses));
        Ok(Some(enc))
    }

    /// Notes the size of a `--refine` formula for the report.
    pub fn note_refined(&self, replicas: usize, enc: &Encoded) {
        (self.refined_sizes.borrow_mut()).push((replicas, enc.store.len(), enc.formula.stats()));
    }

    /// The `--refine` formulas' sizes join `size`.
    pub fn include_refined(&self, size: &mut FormulaSize) {
        for (replicas, terms, stats) in self.refined_sizes.borrow().iter() {
            size.include(*replicas, *terms, stats);
        }
    }

    /// How many candidate-only replicas were built so far, and the variables of the last.
    pub fn last_candidate(&self) -> (usize, u32) {
        let sizes = self.candidate_sizes.borrow();
        (sizes.len(), sizes.last().map_or(0, |s| s.0))
    }

    /// The sizes of the candidate-only replicas built so far.
    pub fn candidates(&self) -> CandidateFormulas {
        CandidateFormulas::of(&self.candidate_sizes.borrow())
    }

    /// Symbolically execute `tests` (suite indices) into replicas sharing `store`.
    pub fn replicas(
        &self,
        tests: &[usize],
        opts: &SymexOptions,
        store: &mut TermStore,
    ) -> Result<Vec<(usize, faultline_ssa::Replica)>, DiagnoseError> {
        let mut replicas = Vec::with_capacity(tests.len());
        for &i in tests {
            if self.budget.cancelled() {
                return Err(DiagnoseError::Cancelled);
            }
            let spec = replica::replica_spec(&self.suite.cases[i]);
            let opts = self.strict_for(i, opts);
            let r = faultline_ssa::symex(self.program, self.components, &spec, store, &opts)
                .map_err(symex_error)?;
            replicas.push((i, r));
        }
        Ok(replicas)
    }

    /// Encode the replicas of `tests` (suite indices) into one formula.
    pub fn encode(&self, tests: &[usize], report: &mut Report) -> Result<Encoded, DiagnoseError> {
        self.encode_with(tests, &self.deferring_opts(), report)
    }

    /// The options of the replicas the search solves: the run's own, with the multiplication
    /// overflow checks deferred until a test needs them (see [`Formulas::strict_for`]).
    pub fn deferring_opts(&self) -> SymexOptions {
        SymexOptions {
            defer_mul_overflow: true,
            ..self.symex_opts.clone()
        }
    }

    pub fn encode_with(
        &self,
        tests: &[usize],
        opts: &SymexOptions,
        report: &mut Report,
    ) -> Result<Encoded, DiagnoseError> {
        self.budget.phase(Phase::Encoding {
            replicas: tests.len(),
        });
        let mut store = TermStore::new();
        let replicas = self.replicas(tests, opts, &mut store)?;
        self.encoded(store, replicas, report)
    }

    /// Encode replicas into one formula (the report keeps the largest formula's size).
    pub fn encoded(
        &self,
        store: TermStore,
        replicas: Vec<(usize, faultline_ssa::Replica)>,
        report: &mut Report,
    ) -> Result<Encoded, DiagnoseError> {
        let n = replicas.len();
        let enc = Encoded::new(store, replicas, self.components, self.budget)?;
        (report.formula).include(n, enc.store.len(), &enc.formula.stats());
        Ok(enc)
    }

    /// `opts` for the replica of `test`: with every multiplication overflow check once the
    /// test needs them (see [`Formulas::strict`]).
    pub fn strict_for(&self, test: usize, opts: &SymexOptions) -> SymexOptions {
        SymexOptions {
            defer_mul_overflow: opts.defer_mul_overflow && !self.strict.borrow().contains(&test),
            ..opts.clone()
        }
    }
}
