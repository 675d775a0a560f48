//! The `ufo` command line: parse, call the driver, print, exit with the
//! documented code (0 SAFE, 10 UNSAFE, 20 UNKNOWN, 2 bad input or usage).

use clap::{Args, Parser, Subcommand};
use ufo::driver::{self, VerifyOptions};
use ufo::engines::{EngineKind, EngineOptions, PostKind};
use ufo::error::{Error, EXIT_INPUT, EXIT_UNKNOWN};
use ufo::frontend::{self, DataModel, FrontendOptions, OptLevel};
use ufo::report::witness::{self, WitnessFormat};
use ufo::smt::IntSemantics;

#[derive(Parser)]
#[command(name = "ufo", version = &*Box::leak(version_string().into_boxed_str()), about = "Verifies that a C program never reaches reach_error(), at the LLVM-IR level")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Verify FILE(s): .c, .i, .bc or .ll (several are linked into one program).
    Verify(VerifyArgs),
    /// Print the translated control-flow graph (text, or Graphviz with --dot).
    Cfg {
        #[command(flatten)]
        input: InputArgs,
        /// Graphviz output.
        #[arg(long)]
        dot: bool,
    },
}

#[derive(Args, Clone)]
struct InputArgs {
    #[arg(required = true)]
    files: Vec<String>,
    /// Optimization level applied before verification.
    #[arg(long, value_enum, default_value = "O2")]
    opt: OptLevel,
    /// Data model of the C program (ILP32 compiles with -m32).
    #[arg(long, value_enum, default_value = "LP64")]
    data_model: DataModel,
    /// Entry function.
    #[arg(long, default_value = "main")]
    entry: String,
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Verification engine.
    #[arg(long, value_enum, default_value = "ufo")]
    engine: EngineKind,
    /// POST operator of the UFO engine.
    #[arg(long, value_enum, default_value = "true")]
    post: PostKind,
    /// Integer semantics.
    #[arg(long = "int", value_enum, default_value = "lia")]
    int: IntSemantics,
    /// Time limit in seconds for the whole run.
    #[arg(long)]
    timeout: Option<f64>,
    /// BMC bound: number of steps (edges) to unroll.
    #[arg(long, default_value_t = 50)]
    bound: usize,
    /// Maximum number of refinement iterations.
    #[arg(long)]
    max_iterations: Option<usize>,
    /// Write the C harness that replays the counterexample to this file.
    #[arg(long)]
    harness: Option<std::path::PathBuf>,
    /// Check every refinement against Definition 2 of the UFO paper (slower).
    #[arg(long)]
    check_labels: bool,
    /// Print statistics.
    #[arg(long)]
    stats: bool,
    /// Print one JSON object instead of text (schema: docs/report.schema.json).
    #[arg(long)]
    json: bool,
    /// Write an SV-COMP witness (violation or correctness) to this file.
    #[arg(long)]
    witness: Option<std::path::PathBuf>,
    /// Witness format.
    #[arg(long, value_enum, default_value = "yaml")]
    witness_format: WitnessFormat,
    /// Write a SARIF 2.1.0 log to this file.
    #[arg(long)]
    sarif: Option<std::path::PathBuf>,
}

fn version_string() -> String {
    format!(
        "{} (LLVM {}, Z3 {}, built with {})",
        env!("CARGO_PKG_VERSION"),
        frontend::llvm_version(),
        ufo::smt::z3_version(),
        env!("UFO_BUILD_CLANG")
    )
}

fn frontend_opts(i: &InputArgs) -> FrontendOptions {
    FrontendOptions { opt: i.opt, data_model: i.data_model, entry: i.entry.clone() }
}

fn write_output(path: &std::path::Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))
}

fn verify_options(a: &VerifyArgs) -> VerifyOptions {
    VerifyOptions {
        files: a.input.files.clone(),
        frontend: frontend_opts(&a.input),
        engine: a.engine,
        engine_opts: EngineOptions {
            sem: a.int,
            bound: a.bound,
            max_iterations: a.max_iterations,
            post: a.post,
            check_labels: a.check_labels,
        },
        timeout: a.timeout,
        harness: a.harness.clone(),
    }
}

/// Seconds past `--timeout` after which the watchdog answers for a verifier
/// thread that did not stop (Z3 calls are bounded by the deadline, but a stuck
/// solver must not keep a pipeline waiting).
const GRACE: f64 = 10.0;

fn run(cli: Cli) -> Result<i32, Error> {
    match cli.cmd {
        Cmd::Verify(a) => {
            let opts = verify_options(&a);
            let report = driver::verify(&opts)?;
            if a.json {
                println!("{}", report.to_json());
            } else {
                print!("{}", report.to_text(a.stats));
            }
            match (&a.witness, witness::witness(&report, a.witness_format)) {
                (Some(path), Some(w)) => write_output(path, &w)?,
                (Some(path), None) => eprintln!("ufo: no witness written to {}: the answer is UNKNOWN", path.display()),
                _ => {}
            }
            if let Some(path) = &a.sarif {
                write_output(path, &ufo::report::sarif::sarif(&report))?;
            }
            Ok(report.exit_code())
        }
        Cmd::Cfg { input, dot } => {
            let p = frontend::build_program(&input.files, &frontend_opts(&input))?;
            if dot {
                print!("{}", ufo::cfg::dot::to_dot(&p));
            } else {
                print!("{}", ufo::cfg::dot::to_text(&p));
            }
            Ok(0)
        }
    }
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_INPUT } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    // A bug in ufo is reported as one line and an UNKNOWN answer, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("ufo: internal error: {msg}{at} (please report this with the input file)");
    }));
    let watchdog = match &cli.cmd {
        Cmd::Verify(a) => a.timeout.map(|t| (t + GRACE, a.json, verify_options(a))),
        _ => None,
    };
    // Deep recursion (WTO, large expressions) gets a large stack.
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
        let _ = tx.send(run(cli));
    });
    if let Err(e) = worker {
        eprintln!("ufo: cannot start the verifier thread: {e}");
        std::process::exit(EXIT_UNKNOWN);
    }
    let received = match &watchdog {
        Some((limit, _, _)) => rx.recv_timeout(std::time::Duration::from_secs_f64(*limit)),
        None => rx.recv().map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
    };
    let result = match received {
        Ok(r) => r,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            let (_, json, opts) = watchdog.expect("a watchdog was set");
            let reason = format!("timeout: the verifier did not stop within {GRACE} s of the time limit");
            eprintln!("ufo: {reason}");
            let report = driver::unknown(&opts, &reason);
            if json {
                println!("{}", report.to_json());
            } else {
                print!("{}", report.to_text(false));
            }
            std::process::exit(EXIT_UNKNOWN);
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            println!("UNKNOWN (internal error)");
            std::process::exit(EXIT_UNKNOWN);
        }
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("ufo: {e}");
            let code = e.exit_code();
            if code == EXIT_UNKNOWN {
                println!("UNKNOWN ({e})");
            }
            std::process::exit(code);
        }
    }
}
