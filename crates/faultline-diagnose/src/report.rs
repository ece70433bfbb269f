//! What a diagnosis reports: the same shape for every algorithm, serialized as the CLI's JSON.

use faultline_ir::Component;
use faultline_repair::EditKind;
use serde::Serialize;

use crate::options::Algorithm;

#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub algorithm: Algorithm,
    pub tests: Vec<TestSummary>,
    pub diagnoses: Vec<Diagnosis>,
    /// True when every subset-minimal diagnosis within the bounds was enumerated (the limit,
    /// the timeout or a cancellation did not cut the enumeration short).
    pub complete: bool,
    /// Why enumeration stopped early, if it did.
    pub stopped: Option<String>,
    /// Candidates that failed validation and were dropped: each is an encoder bug. Must be 0.
    pub infeasible: usize,
    /// Candidate sets no check could decide in time: each was left out with its supersets
    /// (none of which can then be reported as a non-minimal diagnosis), so the enumeration
    /// is incomplete and may miss a diagnosis among them.
    pub undecided: usize,
    pub timings_ms: Timings,
    pub formula: FormulaSize,
    /// How the joint search (CFaults' hitting sets and their pair pass) learnt, test by test,
    /// whether a candidate set explains a failing test (all zero for the other solvers and
    /// algorithms).
    pub checks: Checks,
    /// Per failing test, the statements one of which every repair must change.
    pub must_sets: Vec<MustSet>,
    /// Spectrum scores of every line holding a component, in (path, line) order.
    pub suspiciousness: Vec<LineScore>,
    /// The combined per-line ranking (diagnoses, then must-sets, then spectrum), by rank.
    pub lines: Vec<LineRank>,
    /// Where the formula approximates the program (a `math.h` function such as `pow` is not
    /// modelled bit for bit when its arguments depend on a blamed statement): the diagnoses
    /// still hold, as every one is checked by running the tests.
    pub notes: Vec<ReportNote>,
}

/// A located remark of a [`Report`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportNote {
    pub path: String,
    pub line: u32,
    pub message: String,
}

impl Report {
    /// The time budget ran out: what was found so far is reported.
    pub(crate) fn stop_at_timeout(&mut self) {
        self.complete = false;
        self.stopped = Some("timeout".into());
    }

    /// The memory went over the ceiling (`limit` bytes): what was found so far is reported.
    pub(crate) fn stop_at_memory_ceiling(&mut self, limit: u64) {
        self.complete = false;
        self.stopped = Some(format!("memory ceiling ({} MB)", limit >> 20));
    }

    /// A formula grew past the size ceiling: what was found so far is reported.
    pub(crate) fn stop_too_large(&mut self, what: &str) {
        self.complete = false;
        self.stopped = Some(format!("formula too large: {what}"));
    }

    /// The search stopped after the diagnoses repaired by one edit (short runs: after the
    /// cost-1 and cost-2 passes and a short while of the joint search), since any other
    /// would rank after them
    /// ([`crate::Ctx::rest_ranks_after_repaired`]).
    pub(crate) fn stop_ranked_after_repairs(&mut self, long_runs: bool) {
        self.complete = false;
        let why = "every other diagnosis would rank after the ones a one-edit repair fixes \
                   (only guessed constants or no repair could be left)";
        self.stopped = Some(match long_runs {
            true => format!("the tests' runs are long, and {why}"),
            false => {
                format!("the search for larger diagnoses was given a short while, since {why}")
            }
        });
    }

    /// A candidate set was left out undecided (see [`Report::undecided`]).
    pub(crate) fn skip_undecided(&mut self) {
        self.complete = false;
        self.undecided += 1;
    }

    /// What the skipped sets mean for the user, as the CLI and the editor say it: `None`
    /// when no set was skipped.
    pub fn undecided_sentence(&self) -> Option<String> {
        let (sets, were, their) = match self.undecided {
            0 => return None,
            1 => ("set", "was", "its"),
            _ => ("sets", "were", "their"),
        };
        Some(format!(
            "{} candidate {sets} could not be decided in time and {were} skipped with {their} \
             supersets",
            self.undecided
        ))
    }

    /// The diagnosis limit was reached (an earlier reason, if any, is kept).
    pub(crate) fn stop_at_limit(&mut self) {
        self.complete = false;
        self.stopped.get_or_insert_with(|| "limit".into());
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct TestSummary {
    pub name: String,
    pub passed: bool,
    pub reason: Option<String>,
    pub line: Option<u32>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Timings {
    pub tests: f64,
    pub encode: f64,
    pub solve: f64,
    pub enumerate: f64,
    pub validate: f64,
    /// Building the dependency graph and slicing the failing runs (must sets).
    pub slice: f64,
    pub total: f64,
    /// From the start to the first validated diagnosis, as [`crate::DiagnoseOptions::found`]
    /// is told of it (CFaults; `None` for the other algorithms and without a diagnosis).
    pub first: Option<f64>,
    /// The repair search's own time, per phase (included in `total`).
    pub repair: faultline_repair::RepairTimings,
}

/// One count per question "does relaxing this candidate set make this failing test pass?"
/// that the joint search asked, by what answered it, cheapest first. The SAT checks
/// (`folded`, `full`) cost milliseconds to seconds, the rest microseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Checks {
    /// Known from an earlier answer: some members of the set explain the test.
    pub known: usize,
    /// An interpreter run with two members changed found values.
    pub probed: usize,
    /// Values that repaired another failing test with members of the set changed repaired
    /// this one too (interpreter runs).
    pub transferred: usize,
    /// A replica with only the set relaxed was built (and solved, unless it was too large to
    /// be worth it).
    pub folded: usize,
    /// The test's full replica was checked.
    pub full: usize,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct FormulaSize {
    /// The most replicas in one formula; for the hitting sets (CFaults' default solver),
    /// the failing tests that got a full replica.
    pub replicas: usize,
    /// SAT solvers the hitting sets loaded full replicas into. Tests whose replicas have the
    /// same formula up to the test's data share one, so this can be well below `replicas`.
    pub loaded: usize,
    pub components: usize,
    pub terms: usize,
    pub and_nodes: usize,
    pub variables: u32,
    pub clauses: usize,
    pub softs: usize,
    /// The candidate-only replicas solved (only the set being checked relaxed, the rest of
    /// the test's run folded to constants): the hitting sets and the cost-1 pass answer most
    /// checks with them, and may load no full replica at all, so the fields above alone
    /// would say nothing of what was solved.
    pub candidates: CandidateFormulas,
}

impl FormulaSize {
    /// Takes in one more formula, of `replicas` replicas and `terms` terms: each field keeps
    /// the largest.
    pub(crate) fn include(
        &mut self,
        replicas: usize,
        terms: usize,
        stats: &faultline_encode::FormulaStats,
    ) {
        self.replicas = self.replicas.max(replicas);
        self.terms = self.terms.max(terms);
        self.and_nodes = self.and_nodes.max(stats.and_nodes);
        self.variables = self.variables.max(stats.vars);
        self.clauses = self.clauses.max(stats.clauses);
        self.softs = self.softs.max(stats.softs);
    }
}

/// Sizes of the candidate-only replicas that were solved.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CandidateFormulas {
    pub solved: usize,
    pub variables_median: u32,
    pub variables_max: u32,
    pub clauses_median: usize,
    pub clauses_max: usize,
}

impl CandidateFormulas {
    /// From the `(variables, clauses)` of each solved replica. The median of an even count
    /// is the upper middle one (sizes are counts, not measurements to average).
    pub fn of(sizes: &[(u32, usize)]) -> Self {
        let mut vars: Vec<u32> = sizes.iter().map(|s| s.0).collect();
        let mut clauses: Vec<usize> = sizes.iter().map(|s| s.1).collect();
        vars.sort_unstable();
        clauses.sort_unstable();
        let mid = sizes.len() / 2;
        CandidateFormulas {
            solved: sizes.len(),
            variables_median: vars.get(mid).copied().unwrap_or(0),
            variables_max: vars.last().copied().unwrap_or(0),
            clauses_median: clauses.get(mid).copied().unwrap_or(0),
            clauses_max: clauses.last().copied().unwrap_or(0),
        }
    }
}

/// A set of statements that, changed to produce the angelic values, makes the failing tests it
/// explains pass (checked by re-running them).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Diagnosis {
    /// 1-based position in the ranking.
    pub rank: usize,
    /// Sum of the blamed components' weights.
    pub cost: u64,
    /// Every explained failing test passed when re-run with the angelic values substituted.
    pub validated: bool,
    /// The failing tests this diagnosis repairs (all of them for the joint algorithm).
    pub explains: Vec<String>,
    /// The diagnosis changes what a test reads (an input statement is blamed): a test's
    /// input is given, so this says the input would have to differ, not what to fix. Ranked
    /// after every diagnosis that changes logic or output.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changes_input: bool,
    pub statements: Vec<BlamedStatement>,
    /// With `--refine`: the sub-expressions of these statements to change, cheapest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refinements: Vec<crate::Refinement>,
    /// Edits of the blamed statements under which every test passes (checked by compiling
    /// the edited text and running the whole suite), smallest first.
    pub repairs: Vec<RepairEdit>,
    /// The rule that ranks this diagnosis before the next one (a validated repair, a more
    /// plausible one, cost, must-set membership, Naish-I, …): shown under "Details".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranked_by: Option<String>,
}

/// A validated repair: replace the text from (`line`, `column`) to (`end_line`,
/// `end_column`) of `path` (1-based, byte columns; the end is exclusive), which reads
/// `before`, by `after`. The range is the blamed statement's (or the deleted statement's
/// lines), so that `before` and `after` read as the statement and its repaired version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RepairEdit {
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub before: String,
    pub after: String,
    /// How many tests ran and passed with the edit (all of the suite's, skipped ones aside).
    pub tests_passed: usize,
    /// What the edit changes (an operator, a constant, a variable, a structural edit such as
    /// `else_if`, …), for programs that act on the kind of a repair; serialised as its
    /// snake_case name. A joint repair's is its least plausible edit's, as `plausibility`.
    pub kind: EditKind,
    /// What kind of edit it is and so how plausible (repairs are ordered by it), in words:
    /// passing the tests is what was checked, not what the program was meant to do.
    pub plausibility: String,
    /// The edit changes more than the value its statement computes: its type, the variable it
    /// writes, a `break` after it, or the code around it (`faultline_edits`'s
    /// `changes_more_than_its_value`). No value of the statement as written stands for such an
    /// edit, so a diagnosis repaired by it may show no values (its note says why). In JSON
    /// only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub changes_statement: bool,
    /// `before` and `after` as shown to users (`crate::shown`): whitespace collapsed, a
    /// declarator with its declaration's type, and the identities an edit of a constant leaves
    /// (`s + 0`) dropped from `after`; empty `after` for a deletion.
    #[serde(skip)]
    pub shown_before: String,
    #[serde(skip)]
    pub shown_after: String,
    /// Byte range of `before` in `path`'s text (for editors applying the edit).
    #[serde(skip)]
    pub start_byte: u32,
    #[serde(skip)]
    pub end_byte: u32,
    /// A repair of several statements at once (each alone passes no test suite): every edit,
    /// in the order of the text, each with the fields above (the top-level ones repeat the
    /// first edit's). Empty for a repair of one statement. Apply all of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub edits: Vec<RepairEdit>,
}

impl Diagnosis {
    /// Why this diagnosis ranks before the next one, in plain words: what the CLI's and the
    /// editor's "Details" show for [`Diagnosis::ranked_by`] (whose short rule names the JSON
    /// keeps). A rule without a sentence here is shown as it is.
    pub fn ranked_by_sentence(&self) -> Option<String> {
        let rule = self.ranked_by.as_deref()?;
        Some(
            match rule {
                "a validated repair" => {
                    "it has a fix that passes every test, the next one has none"
                }
                "changes logic rather than a test's input or one literal" => {
                    "it changes what the program computes; the next one only changes what a \
                     test reads, or only a constant the answer starts from"
                }
                "cost, then suspicion (Naish-I)" => {
                    "it changes fewer or simpler statements (cost), or as many, but failing \
                     tests run its lines more and passing tests less (Naish-I)"
                }
                "a more plausible repair" => "its fix is a smaller, more usual edit",
                "cost" => "both have a fix; it changes fewer or simpler statements (cost)",
                "must-set membership" => {
                    "more failing tests depend on the statements it changes (must-location sets)"
                }
                "fewer statements" => "it changes fewer statements",
                "suspicion (Naish-I)" => {
                    "failing tests run its lines more and passing tests less (Naish-I)"
                }
                "the other's repair only routes around this statement's value" => {
                    "the next one's fix only reads around the wrong value this statement computes"
                }
                "edits of its statements, one at a time, make some failing tests pass" => {
                    "a small edit of one of its statements makes some failing tests pass and \
                     keeps the others passing; it also blames what explains the rest"
                }
                "suspicion (Naish-I) in the tests those edits leave failing" => {
                    "with that edit made, the tests still failing run its other statement more \
                     and passing tests less (Naish-I)"
                }
                "fewer statements: the next one's repair of several edits may pass by accident" => {
                    "one statement explains every failing test; the next one's fix of several \
                     edits passes the tests too, but several edits can do that by accident"
                }
                "the later statement (a smaller change of what the program computes)" => {
                    "its statement runs later: changing it changes less of what the program \
                     computes"
                }
                other => other,
            }
            .to_string(),
        )
    }
}

impl RepairEdit {
    /// The edits to make: [`RepairEdit::edits`], or this one alone.
    pub fn parts(&self) -> Vec<&RepairEdit> {
        if self.edits.is_empty() {
            vec![self]
        } else {
            self.edits.iter().collect()
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct BlamedStatement {
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    /// The statement's source text (whitespace collapsed).
    pub text: String,
    pub kind: Component,
    /// Component weight.
    pub weight: u64,
    /// What it should have produced, per failing test.
    pub angelic: Vec<AngelicTest>,
}

#[derive(Clone, Debug, Serialize)]
pub struct AngelicTest {
    pub test: String,
    pub values: Vec<AngelicValue>,
}

/// One dynamic instance's value ("the 3rd time it ran, it should have produced 4").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AngelicValue {
    /// 0-based dynamic instance of the statement in the repaired run.
    pub instance: u32,
    /// Which value of the statement (printf argument, scanf target); 0 for most.
    pub slot: u32,
    pub value: Value,
    /// What this execution computes as the program is written, in the repaired run (the
    /// other changes made), when that is not `value`: the executions that must change.
    /// `None` where it computes `value` itself, or where that was not checked: past a test's
    /// first 64 executions (each check is a re-run of the test) and in refinements.
    pub was: Option<Value>,
}

impl AngelicValue {
    /// Which of the statement's values this is, as shown after the value: ` (value 2)` for a
    /// `printf`'s second argument or `scanf`'s second target, nothing for the first.
    pub fn slot_suffix(&self) -> String {
        if self.slot > 0 {
            format!(" (value {})", self.slot + 1)
        } else {
            String::new()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Int(i128),
    Bool(bool),
    /// What an output statement prints (bytes that are not UTF-8 replaced); empty for
    /// nothing.
    Text(String),
    /// A `float`/`double`, shown as the shortest decimal that reads back as exactly this
    /// value (`0.1`, not `0.1000000000000000055…`).
    Float(FloatValue),
    /// A pointer, as C text: `NULL`, or the statement's expression moved by some elements
    /// (`v + n - 1 + 1`): a relaxed pointer keeps the object it points into.
    Pointer(String),
    /// A `char`-typed value, written as C source writes it (`'a'`, `'\n'`; JSON has the same
    /// text), or as its number when it has no printable form (`200`).
    Char(CharValue),
}

/// The value of a `char` (signed or not, as its type reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CharValue(pub i128);

impl CharValue {
    /// `'a'`, `'\0'`, `'\n'`, `'\t'`, `'\''`, `'\\'`, or the number.
    pub fn text(self) -> String {
        match self.0 {
            0 => "'\\0'".into(),
            9 => "'\\t'".into(),
            10 => "'\\n'".into(),
            39 => "'\\''".into(),
            92 => "'\\\\'".into(),
            c @ 32..=126 => format!("'{}'", c as u8 as char),
            c => c.to_string(),
        }
    }
}

impl Serialize for CharValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            0 | 9 | 10 | 32..=126 => s.serialize_str(&self.text()),
            // No character to show: the number, as for other integers.
            c => s.serialize_i128(c),
        }
    }
}

/// A floating value of a diagnosis: its bit pattern and width. Serialized as the JSON number
/// of [`FloatValue::text`] (a string for `inf`, `-inf`, `nan`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatValue {
    pub bits: u64,
    /// `true` for `float`, `false` for `double`.
    pub single: bool,
}

impl FloatValue {
    pub fn as_f64(self) -> f64 {
        if self.single {
            f32::from_bits(self.bits as u32) as f64
        } else {
            f64::from_bits(self.bits)
        }
    }

    /// The shortest decimal that converts back to this value in its own format (Rust's
    /// shortest round-trip formatting, which is exact), plain for moderate magnitudes and in
    /// exponent form otherwise; `inf`, `-inf`, `nan`, `-nan` as printf writes them.
    pub fn text(self) -> String {
        let x = self.as_f64();
        if x.is_nan() {
            return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
        }
        if x.is_infinite() {
            return if x < 0.0 { "-inf" } else { "inf" }.into();
        }
        let a = x.abs();
        let plain = a == 0.0 || (1e-5..1e16).contains(&a);
        match (self.single, plain) {
            (true, true) => format!("{}", x as f32),
            (true, false) => format!("{:e}", x as f32),
            (false, true) => format!("{x}"),
            (false, false) => format!("{x:e}"),
        }
    }
}

impl Serialize for FloatValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let x = self.as_f64();
        if x.is_finite() {
            // The shortest text's value, so that JSON readers get the same digits.
            s.serialize_f64(self.text().parse::<f64>().unwrap_or(x))
        } else {
            s.serialize_str(&self.text())
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(t) if t.is_empty() => write!(f, "(nothing)"),
            // Quoted and escaped as in C source (`"Sum: 7\n"`).
            Value::Text(t) => write!(f, "{t:?}"),
            Value::Float(x) => write!(f, "{}", x.text()),
            Value::Pointer(p) => write!(f, "{p}"),
            Value::Char(c) => write!(f, "{}", c.text()),
        }
    }
}

/// A line of a source file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct SourceLine {
    pub path: String,
    pub line: u32,
}

/// The must-location set of one failing test (I-FOSFL): every repair of the test changes at
/// least one of these statements. Computed by slicing the static dependency graph along the
/// test's recorded run (`faultline-slice`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MustSet {
    pub test: String,
    /// 1-based lines in the main file (the file that was diagnosed), ascending.
    pub lines: Vec<u32>,
    /// Every line of the set, in any file (included headers too), in (path, line) order.
    pub locations: Vec<SourceLine>,
}

/// Spectrum-based suspiciousness of one line from the coverage of every test (passing and
/// failing). A line is covered by a test when any component statement on it ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineScore {
    pub path: String,
    pub line: u32,
    /// `ef / sqrt(F * (ef + ep))`.
    pub ochiai: f64,
    /// `(ef/F) / (ef/F + ep/P)`.
    pub tarantula: f64,
    /// Naish-I, `ef - ep / (ep + np + 1)` (single-fault optimal).
    pub naish1: f64,
}

/// One line's place in the combined ranking (what the editor shows), with why it is there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineRank {
    pub path: String,
    pub line: u32,
    /// 1-based; lines of one diagnosis share its rank, ties share a rank.
    pub rank: usize,
    /// Ranks of the diagnoses that blame a statement on this line, ascending.
    pub diagnoses: Vec<usize>,
    /// Failing tests those diagnoses repair.
    pub tests: Vec<String>,
    /// Failing tests whose must-location set contains this line.
    pub must_tests: Vec<String>,
    pub naish1: f64,
    pub ochiai: f64,
    pub tarantula: f64,
    /// One sentence: why this rank.
    pub explanation: String,
}

#[cfg(test)]
mod tests {
    use super::{CandidateFormulas, CharValue, Value};

    #[test]
    fn chars_are_shown_as_c_writes_them_in_text_and_json() {
        let cases: [(i128, &str, &str); 7] = [
            (97, "'a'", "\"'a'\""),
            (10, "'\\n'", "\"'\\\\n'\""),
            (0, "'\\0'", "\"'\\\\0'\""),
            (39, "'\\''", "\"'\\\\''\""),
            (32, "' '", "\"' '\""),
            (-56, "-56", "-56"),
            (200, "200", "200"),
        ];
        for (v, text, json) in cases {
            let c = Value::Char(CharValue(v));
            assert_eq!(c.to_string(), text, "{v}");
            assert_eq!(serde_json::to_string(&c).unwrap(), json, "{v}");
        }
    }

    #[test]
    fn candidate_sizes_are_counted_with_median_and_largest() {
        assert_eq!(CandidateFormulas::of(&[]), CandidateFormulas::default());
        let c = CandidateFormulas::of(&[(700, 1800), (30_000, 100_000), (650, 1900)]);
        assert_eq!(
            c,
            CandidateFormulas {
                solved: 3,
                variables_median: 700,
                variables_max: 30_000,
                clauses_median: 1900,
                clauses_max: 100_000,
            }
        );
        // An even count: the upper middle one, a size that was solved.
        assert_eq!(CandidateFormulas::of(&[(1, 1), (5, 7)]).variables_median, 5);
    }
}
