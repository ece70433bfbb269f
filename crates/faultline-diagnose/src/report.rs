//! What a diagnosis reports: the same shape for every algorithm, serialized as the CLI's JSON.

use faultline_ir::Component;
use serde::Serialize;

use crate::options::Algorithm;

#[derive(Clone, Debug, Serialize)]
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
    pub timings_ms: Timings,
    pub formula: FormulaSize,
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
    pub total: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct FormulaSize {
    pub replicas: usize,
    pub components: usize,
    pub terms: usize,
    pub and_nodes: usize,
    pub variables: u32,
    pub clauses: usize,
    pub softs: usize,
}

/// A set of statements that, changed to produce the angelic values, makes the failing tests it
/// explains pass (checked by re-running them).
#[derive(Clone, Debug, Serialize)]
pub struct Diagnosis {
    /// 1-based position in the ranking.
    pub rank: usize,
    /// Sum of the blamed components' weights.
    pub cost: u64,
    /// Every explained failing test passed when re-run with the angelic values substituted.
    pub validated: bool,
    /// The failing tests this diagnosis repairs (all of them for the joint algorithm).
    pub explains: Vec<String>,
    pub statements: Vec<BlamedStatement>,
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Int(i128),
    Bool(bool),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}
