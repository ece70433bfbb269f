//! `faultline`: the command-line front door. Subcommands are thin: they parse arguments, call
//! the library crates and print. Exit codes: 0 all tests pass, 1 some fail, 2 input errors.
//!
//! Logging: `FAULTLINE_LOG` takes `tracing` filter directives (`FAULTLINE_LOG=debug`,
//! `FAULTLINE_LOG=faultline_diagnose=debug`); records go to stderr, so the language server's
//! stdout stays the protocol's. Unset, only errors are printed.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench_cmd;
mod budget_args;
mod diagnose_cmd;
mod test_cmd;

#[derive(Parser)]
#[command(
    name = "faultline",
    version,
    about = "Finds the lines of a C program that make its tests fail"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a C file's tests in the sandboxed interpreter: unit tests (`void test_*(void)`) and
    /// IO cases from `faultline.toml`.
    Test(TestArgs),
    /// Find the statements to change, and the values they should produce, so that every failing
    /// test passes (model-based diagnosis over all failing tests, validated by re-running them).
    Diagnose(DiagnoseArgs),
    /// Serve the Language Server Protocol on stdin/stdout: editors show failing tests,
    /// suspicious lines and angelic values as you save.
    Lsp(LspArgs),
    /// Run every algorithm on every case of a benchmark directory (`faults.toml` cases or the
    /// Siemens layout) and score them against the known faulty lines.
    Bench(BenchArgs),
}

/// What LSP clients pass when they start a server. vscode-languageclient appends `--stdio` for
/// `TransportKind.stdio` (and some clients `--clientProcessId=N`); stdio is the only transport, so
/// both are accepted and need no action (the server exits when its stdin closes).
#[derive(clap::Args)]
pub struct LspArgs {
    /// Talk over stdin/stdout (the default and only transport; accepted for clients that pass it).
    #[arg(long)]
    pub stdio: bool,
    /// The client's process id (accepted and ignored: the server ends when stdin closes).
    #[arg(long = "clientProcessId", value_name = "PID")]
    pub client_process_id: Option<u32>,
}

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Benchmark directory: searched for `faults.toml` cases and Siemens-layout programs.
    pub dir: PathBuf,
    /// Print one JSON object instead of Markdown tables.
    #[arg(long)]
    pub json: bool,
    /// Cases run at the same time.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Run only shard INDEX of COUNT (1-based), e.g. `--shard 2/4`.
    #[arg(long, value_parser = bench_cmd::parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Comma-separated: cfaults, bugassist, sniper, naish1, must, combined (default: all).
    #[arg(long, value_parser = bench_cmd::parse_algorithms)]
    pub algorithms: Option<bench_cmd::AlgorithmList>,
    /// Time budget of one diagnosis, in seconds (`inf`: none).
    #[arg(long, default_value = "60", value_parser = budget_args::parse_timeout)]
    pub timeout: budget_args::Timeout,
    /// Memory ceiling of one diagnosis (e.g. 512M, 2G; `none`: no ceiling).
    #[arg(long, default_value = "2G", value_parser = budget_args::parse_memory)]
    pub max_memory: budget_args::MaxMemory,
    /// Report at most this many diagnoses per case and algorithm.
    #[arg(long, default_value_t = 10)]
    pub max_diagnoses: usize,
    /// Loop unwinding bound (default: derived per case).
    #[arg(long)]
    pub unwind: Option<u32>,
}

#[derive(clap::Args)]
pub struct DiagnoseArgs {
    /// The C source file.
    pub file: PathBuf,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// cfaults (all failing tests in one formula), bugassist or sniper.
    #[arg(long, default_value = "cfaults", value_parser = diagnose_cmd::parse_algorithm)]
    pub algorithm: faultline_diagnose::Algorithm,
    /// Report at most this many diagnoses.
    #[arg(long, default_value_t = 10)]
    pub max_diagnoses: usize,
    /// Time budget in seconds, test runs included (`inf`: none); what was found by then is
    /// reported.
    #[arg(long, default_value = "60", value_parser = budget_args::parse_timeout)]
    pub timeout: budget_args::Timeout,
    /// Memory ceiling (e.g. 512M, 2G; `none`: no ceiling): formulas that would need more are
    /// reported as too large.
    #[arg(long, default_value = "2G", value_parser = budget_args::parse_memory)]
    pub max_memory: budget_args::MaxMemory,
    /// Loop unwinding bound (default: what the failing runs needed, plus slack).
    #[arg(long)]
    pub unwind: Option<u32>,
    /// Split each diagnosis into the sub-expressions of its statements (which operand or
    /// operator to change), solved and validated like the diagnosis itself.
    #[arg(long)]
    pub refine: bool,
    /// How the joint problem of `cfaults` is solved: hitting-sets (default) or oll (one
    /// formula holding several replicas). Same diagnoses; for comparing speed.
    #[arg(long, default_value = "hitting-sets", value_parser = diagnose_cmd::parse_joint_solver)]
    pub joint_solver: faultline_diagnose::JointSolver,
}

#[derive(clap::Args)]
pub struct TestArgs {
    /// C source files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per file (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Statement executions before a test is stopped as a probable infinite loop (overrides
    /// faultline.toml; at most 100000000).
    #[arg(long, value_parser = budget_args::parse_steps)]
    pub max_steps: Option<u64>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let code = match cli.command {
        Command::Test(args) => test_cmd::run(&args),
        Command::Diagnose(args) => diagnose_cmd::run(&args),
        Command::Lsp(_) => match faultline_lsp::run_stdio() {
            Ok(code) => code as u8,
            Err(e) => {
                eprintln!("faultline lsp: {e}");
                2
            }
        },
        Command::Bench(args) => bench_cmd::run(&args),
    };
    // A closed pipe (`faultline test … | head`) is not an error worth a panic.
    let _ = std::io::stdout().flush();
    ExitCode::from(code)
}

/// Errors (an encoder that disagrees with the interpreter, say) always reach stderr; more with
/// `FAULTLINE_LOG`.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::builder()
        .with_default_directive(tracing_subscriber::filter::LevelFilter::ERROR.into())
        .with_env_var("FAULTLINE_LOG")
        .from_env_lossy();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
