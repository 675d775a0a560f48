//! The `ufo` command line: parse, call the driver, print, exit with the
//! documented code (0 SAFE, 10 UNSAFE, 20 UNKNOWN, 2 bad input or usage).

use clap::{Args, Parser, Subcommand};
use ufo::cfg::slice;
use ufo::driver::VerifyOptions;
use ufo::engines::EngineArgs;
use ufo::error::{Error, EXIT_INPUT, EXIT_UNKNOWN};
use ufo::frontend::{self, DataModel, FrontendOptions, OptLevel, Properties, Property};
use ufo::report::witness::{self, WitnessFormat};
use ufo::smt::IntSemantics;

#[derive(Parser)]
#[command(name = "ufo", version = &*Box::leak(version_string().into_boxed_str()), about = "Verifies that a C program never reaches reach_error(), at the LLVM-IR level")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
    /// The clang that compiles .c/.i files and every replay (also $UFO_CLANG;
    /// default: the newest of clang-19 ... clang-14 on PATH).
    #[arg(long, global = true, value_name = "PATH")]
    clang: Option<String>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Verify FILE(s): .c, .i, .bc or .ll (several are linked into one program).
    Verify(VerifyArgs),
    /// Run the tasks of a tasks.tsv (SV-COMP style) and print a table per category.
    Bench(BenchArgs),
    /// Verify one program at several optimization levels and compare the answers.
    CompareOpt(CompareOptArgs),
    /// Verify a code base from its compilation database (compile_commands.json):
    /// every main and every function marked __attribute__((annotate("ufo_entry"))).
    Project(ProjectArgs),
    /// Show the verdict cache (its directory, entries and size), or empty it.
    Cache {
        /// Remove every stored answer.
        #[arg(long)]
        clear: bool,
        #[command(flatten)]
        cache: ufo::pipeline_options::CacheArgs,
    },
    /// Write the program as recursive constrained Horn clauses (SMT-LIB, logic HORN):
    /// `z3 fp.engine=spacer` answers sat exactly when the program is safe.
    ExportChc {
        #[command(flatten)]
        input: InputArgs,
        /// Integer semantics.
        #[arg(long = "int", value_enum, default_value = "lia")]
        int: IntSemantics,
        /// Export the whole translated program, not the part that can reach the error.
        #[arg(long)]
        no_slice: bool,
        /// Write the clauses to this file instead of standard output.
        #[arg(long, short)]
        output: Option<std::path::PathBuf>,
        /// How to write them: standard SMT-LIB, the CHC-COMP format (Int
        /// arguments only, for Golem, Eldarica and other CHC-COMP entrants), or
        /// as Z3 prints its terms.
        #[arg(long, value_enum, default_value = "smtlib")]
        dialect: ufo::chc::horn::Dialect,
    },
    /// Your clang ($UFO_CC, default: the newest of clang-19 ... clang-14) that
    /// also verifies each C source that has a check, or every one under
    /// --property overflow/memsafety/memcleanup (`make CC="ufo cc"`);
    /// --ufo-werror fails the build on a bug; options in UFO_OPTIONS.
    #[command(disable_help_flag = true)]
    Cc {
        /// Arguments for clang, passed on unchanged.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Print the path of the pass plugin for a compiler: the one built for its
    /// LLVM (`clang -fpass-plugin=$(ufo plugin-path --for clang-19)`).
    PluginPath {
        /// The compiler that loads the plugin (clang-19, opt-14, a path);
        /// default: the clang ufo compiles with.
        #[arg(long = "for", value_name = "COMPILER")]
        compiler: Option<String>,
    },
    /// For the pass plugin: verify one module of a build (options from
    /// UFO_OPTIONS) and print its diagnostics as JSON.
    #[command(hide = true)]
    PluginVerify {
        /// The module as bitcode.
        file: std::path::PathBuf,
        /// The source file the module was compiled from.
        #[arg(long)]
        name: String,
        /// Data model of the module.
        #[arg(long, value_enum, default_value = "LP64")]
        data_model: DataModel,
    },
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
    #[command(flatten)]
    conventions: ConventionArgs,
}

/// What counts as the error and how external functions behave: shared by
/// every command that builds a program, and passed on by `bench` and `compare-opt`.
#[derive(Args, Clone)]
struct ConventionArgs {
    /// What counts as the error, a comma-separated list: every failing
    /// assert(), __builtin_trap, reach_error() and __VERIFIER_assert
    /// (assertions), or only SV-COMP's reach_error()/__VERIFIER_error()
    /// (unreach-call); signed overflow, shifts past the width and division
    /// by zero (overflow), or signed overflow alone (no-overflow, SV-COMP's).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "assertions")]
    property: Vec<Property>,
    /// SV-COMP's conventions: external functions have no side effects.
    #[arg(long)]
    svcomp: bool,
    /// malloc and calloc never return NULL (by default they may).
    #[arg(long)]
    malloc_never_null: bool,
    /// C as clang's defaults take it: an undeclared function, an implicit
    /// int, an integer assigned to a pointer or an incompatible function
    /// pointer is an error (by default, a warning, as clang 14 and GCC
    /// had it; the report lists each).
    #[arg(long)]
    strict_c: bool,
}

impl ConventionArgs {
    /// The options as `ufo verify` spells them.
    fn to_args(&self) -> Vec<String> {
        let mut v = vec!["--property".to_string(), Properties::of(&self.property).as_string()];
        if self.svcomp {
            v.push("--svcomp".into());
        }
        if self.malloc_never_null {
            v.push("--malloc-never-null".into());
        }
        if self.strict_c {
            v.push("--strict-c".into());
        }
        v
    }
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Threads of the portfolio (the same as --portfolio-jobs).
    #[arg(long)]
    jobs: Option<usize>,
    /// Time limit in seconds for the whole run.
    #[arg(long)]
    timeout: Option<f64>,
    /// Memory bound in MiB for the whole run, split among the members that
    /// run at once (each in a process of its own); a member that reaches
    /// its share ends UNKNOWN "out of memory" while the others go on.
    /// Default: three quarters of the machine's memory (within `ulimit -v`).
    #[arg(long, value_name = "MB")]
    memory: Option<u64>,
    /// Write the C harness that replays the counterexample to this file.
    #[arg(long)]
    harness: Option<std::path::PathBuf>,
    /// Write the inputs of the paths the engine explored to this directory,
    /// one C harness per path (test-1.c, ...; link each with the program as
    /// --harness's): a test suite with the proof. Needs --engine tracer.
    #[arg(long, value_name = "DIR")]
    tests: Option<std::path::PathBuf>,
    /// The most paths --tests writes.
    #[arg(long, default_value_t = 100)]
    tests_max: usize,
    /// A counterexample that needs more command-line arguments is not replayed
    /// (UNKNOWN); the model itself has no bound.
    #[arg(long, default_value_t = ufo::program_inputs::ReplayLimits::default().max_args)]
    max_args: usize,
    /// A counterexample that needs a command-line argument longer than this
    /// many bytes is not replayed (UNKNOWN).
    #[arg(long, default_value_t = ufo::program_inputs::ReplayLimits::default().max_arg_len)]
    max_arg_len: usize,
    /// A counterexample that needs more bytes of standard input is not
    /// replayed (UNKNOWN); the model itself has no bound.
    #[arg(long, default_value_t = ufo::program_inputs::ReplayLimits::default().max_stdin)]
    max_stdin: usize,
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
    #[command(flatten)]
    cache: ufo::pipeline_options::CacheArgs,
}

#[derive(Args)]
struct BenchArgs {
    /// The task list: columns task, program, expected (true/false), data_model.
    #[arg(required_unless_present = "import")]
    tasks: Option<std::path::PathBuf>,
    /// Only tasks whose name matches this regular expression.
    #[arg(long)]
    filter: Option<String>,
    /// Time limit per task and tool, in seconds (the process is killed 2 s later).
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Memory (address-space) limit per task and tool, in MiB.
    #[arg(long, default_value_t = 8192)]
    memory: u64,
    /// Tasks run at the same time.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    #[command(flatten)]
    engine: EngineArgs,
    /// Optimization level applied before verification.
    #[arg(long, value_enum, default_value = "O2")]
    opt: OptLevel,
    /// Several levels in one run, comma-separated (`--levels O0,O1,O2,O3,Os`):
    /// every task at every level, tasks interleaved (replaces --opt).
    #[arg(long, value_enum, value_delimiter = ',')]
    levels: Vec<OptLevel>,
    /// Several engines in one run, comma-separated (`--engines portfolio,ufo,spacer`):
    /// every task with every engine at every level (replaces --engine).
    #[arg(long, value_delimiter = ',', value_parser = ufo::engines::registry::engine_values())]
    engines: Vec<String>,
    /// Go on with the run whose rows --csv names: cells already there are
    /// not run again (rows are written to the CSV as cells finish).
    #[arg(long, requires = "csv")]
    resume: bool,
    /// Write a self-contained HTML report (summary, quantile and scatter
    /// plots, the tasks whose answer changes between levels, the task table).
    #[arg(long)]
    html: Option<std::path::PathBuf>,
    /// Report on results instead of running: CSV files of `ufo bench --csv`
    /// or BenchExec result files (`*.xml`, `*.xml.bz2`); with a task list,
    /// its expected verdicts score them.
    #[arg(long, value_delimiter = ',', num_args = 1..)]
    import: Vec<std::path::PathBuf>,
    /// Write a BenchExec benchmark definition of this study (the task list,
    /// levels, engines, limits) for the tool-info module
    /// `scripts/ufo_benchexec`, instead of running.
    #[arg(long)]
    benchexec_xml: Option<std::path::PathBuf>,
    /// Also run these peers on every task, under the same limits
    /// (comma-separated or repeated: `--baseline spacer,golem`).
    #[arg(long, value_enum, value_delimiter = ',')]
    baseline: Vec<ufo::bench::Baseline>,
    /// The z3 executable of the Spacer baseline (default: the one of the
    /// Z3 release ufo is built with).
    #[arg(long, default_value = ufo::smt::Z3_BINARY)]
    z3: String,
    /// The golem executable of the Golem baseline (not bundled: build it
    /// from github.com/usi-verification-and-security/golem).
    #[arg(long, default_value = "golem")]
    golem: String,
    /// Golem's engines, comma-separated (one process each, the first answer wins).
    #[arg(long, default_value = ufo::bench::GOLEM_ENGINES)]
    golem_engine: String,
    /// Write per-task rows as CSV to this file.
    #[arg(long)]
    csv: Option<std::path::PathBuf>,
    /// Write per-task rows as JSON to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Let ufo use its verdict cache (off in a bench: a measurement times
    /// the engines, not a lookup).
    #[arg(long)]
    cache: bool,
}

#[derive(Args)]
struct CompareOptArgs {
    #[arg(required = true)]
    files: Vec<String>,
    /// Optimization levels to compare, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "O0,O1,O2,O3,Os")]
    levels: Vec<OptLevel>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Data model of the C program.
    #[arg(long, value_enum, default_value = "LP64")]
    data_model: DataModel,
    /// Entry function.
    #[arg(long, default_value = "main")]
    entry: String,
    #[command(flatten)]
    conventions: ConventionArgs,
    /// Time limit per level, in seconds.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ProjectArgs {
    /// The compilation database, or the build directory that holds
    /// compile_commands.json (as -p says).
    database: Option<std::path::PathBuf>,
    /// The build directory that holds compile_commands.json (clang-tidy's -p).
    #[arg(short = 'p', long = "build-dir", value_name = "DIR")]
    build_dir: Option<std::path::PathBuf>,
    /// Entry functions to verify, a glob (`*`, `?`; repeated): instead of
    /// `main`. Functions marked annotate("ufo_entry") are verified always.
    #[arg(long, value_name = "GLOB")]
    entry: Vec<String>,
    /// Sources that make one program (comma-separated; repeated: one
    /// program each); default: a CMake target's units, else each unit alone.
    #[arg(long, value_name = "A.c,B.c")]
    link: Vec<String>,
    /// Entries verified at a time (each a process of its own).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Time limit per entry, in seconds.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Optimization level (default: each unit's -O level, as `ufo cc`).
    #[arg(long, value_enum)]
    opt: Option<OptLevel>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    conventions: ConventionArgs,
    #[command(flatten)]
    cache: ufo::pipeline_options::CacheArgs,
    /// Write the whole run as one JSON document to this file.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// Write one SARIF 2.1.0 log of the whole run to this file.
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
    FrontendOptions {
        opt: i.opt,
        data_model: i.data_model,
        entry: i.entry.clone(),
        property: Properties::of(&i.conventions.property),
        svcomp: i.conventions.svcomp,
        malloc_never_null: i.conventions.malloc_never_null,
        recursion_budget: ufo::frontend::recursion::BUDGET,
        procedures: true,
        strict_c: i.conventions.strict_c,
    }
}

fn write_output(path: &std::path::Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))
}

fn verify_options(a: &VerifyArgs) -> VerifyOptions {
    VerifyOptions {
        files: a.input.files.clone(),
        bitcode: None,
        frontend: frontend_opts(&a.input),
        engine: EngineArgs {
            portfolio_jobs: a.jobs.or(a.engine.portfolio_jobs),
            tests: if a.tests.is_some() { a.tests_max } else { 0 },
            ..a.engine.clone()
        },
        timeout: a.timeout,
        memory_mb: a.memory,
        harness: a.harness.clone(),
        tests: a.tests.clone(),
        replay_limits: ufo::program_inputs::ReplayLimits {
            max_args: a.max_args,
            max_arg_len: a.max_arg_len,
            max_stdin: a.max_stdin,
        },
        cancel: Default::default(),
        progress: None,
        cache: a.cache.cache(),
    }
}

fn run(cli: Cli) -> Result<i32, Error> {
    match cli.cmd {
        Cmd::Verify(a) => {
            if a.tests.is_some() && a.engine.engine != ufo::engines::tracer::SPEC.name {
                let why = "--tests writes the paths an engine explored: it needs --engine tracer";
                return Err(Error::Usage(why.into()));
            }
            let mut opts = verify_options(&a);
            let spinner = (!a.json).then(engine_spinner).flatten();
            if let Some(sp) = &spinner {
                let sp = sp.clone();
                opts.progress = Some(ufo::portfolio::Progress(std::sync::Arc::new(move |running: &[String]| {
                    sp.set_message(format!("running: {}", running.join(", ")))
                })));
            }
            let started = std::time::Instant::now();
            let report = ufo::runner::verify(&opts);
            if let Some(sp) = spinner {
                sp.finish_and_clear();
            }
            let report = report?;
            if a.json {
                println!("{}", report.to_json());
            } else {
                print!("{}", report.to_text(a.stats));
            }
            let proof = a.witness.as_ref().and_then(|_| ufo::runner::witness_proof(&opts, &report, started.elapsed()));
            let listed = proof.as_ref().unwrap_or(&report);
            if proof.is_some() {
                eprintln!(
                    "ufo: the witness lists the invariants of a proof at -O0: the proof at -{:?} needs none at the program's loops",
                    opts.frontend.opt
                );
            } else if a.witness.is_some() && ufo::runner::needs_witness_proof(&opts, &report) {
                eprintln!(
                    "ufo: the witness lists no invariant: the proof at -{:?} needs none at the program's loops, and no proof at -O0 was found in the time left",
                    opts.frontend.opt
                );
            }
            if a.witness.is_some() {
                for why in witness::omitted_invariants(listed) {
                    eprintln!("ufo: witness: {why}");
                }
            }
            match (&a.witness, witness::witness(listed, a.witness_format)) {
                (Some(path), Ok(w)) => write_output(path, &w)?,
                (Some(path), Err(why)) => eprintln!("ufo: no witness written to {}: {why}", path.display()),
                _ => {}
            }
            if let Some(path) = &a.sarif {
                write_output(path, &ufo::report::sarif::sarif(&report))?;
            }
            Ok(report.exit_code())
        }
        Cmd::Bench(a) => bench(a),
        Cmd::Project(a) => project(a),
        Cmd::Cache { clear, cache } => {
            let Some(c) = cache.cache() else {
                println!("the verdict cache is off (--no-cache or UFO_NO_CACHE)");
                return Ok(0);
            };
            if clear {
                let removed = c.clear();
                println!("{}: removed {removed} stored answers", c.dir.display());
            } else {
                print!("{}", c.summary());
            }
            Ok(0)
        }
        Cmd::CompareOpt(a) => {
            let exe =
                std::env::current_exe().map_err(|e| Error::Tool(format!("cannot find the ufo executable: {e}")))?;
            for f in &a.files {
                if !std::path::Path::new(f).exists() {
                    return Err(Error::input(f, "no such file"));
                }
            }
            let mut args = a.engine.to_args();
            args.extend(["--data-model".into(), a.data_model.as_str().into(), "--entry".into(), a.entry.clone()]);
            args.extend(a.conventions.to_args());
            let levels: Vec<String> = a.levels.iter().map(|l| l.as_str().to_string()).collect();
            let c = ufo::compare_opt::compare(&exe, &a.files, &levels, &args, a.timeout, &level_progress(&levels));
            if a.json {
                println!("{}", serde_json::to_string_pretty(&c).unwrap_or_default());
            } else {
                print!("{}", c.to_text());
            }
            if let Some(d) = &c.disagreement {
                eprintln!(
                    "ufo: warning: verdicts disagree across optimization levels: SAFE at {}, UNSAFE at {}",
                    d.safe.join(", "),
                    d.unsafe_.join(", ")
                );
            }
            Ok(c.exit_code())
        }
        Cmd::ExportChc { input, int, no_slice, output, dialect } => {
            let p = frontend::build_program(&input.files, &frontend_opts(&input))?;
            // recursion as procedures: their non-linear clauses
            let procedures = p.procedures.clone().filter(|ps| ps.main.safe_blocked.is_none());
            if let (Some(why), None) = (&p.safe_blocked, &procedures) {
                // the clauses' `sat` would claim what ufo's own SAFE may not
                let msg = format!("the clauses would not mean what they say (sat is SAFE): {why}");
                return Err(Error::unsupported(input.files.join(" "), None, msg));
            }
            let p = if no_slice || procedures.is_some() { p } else { slice::slice_vars(&slice::slice(&p).0) };
            let header = [
                format!("ufo export-chc {}", input.files.join(" ")),
                format!(
                    "opt {}, int {}, data model {:?}, entry {}{}",
                    input.opt.as_str(),
                    int.as_str(),
                    input.data_model,
                    input.entry,
                    match (no_slice, &procedures) {
                        (_, Some(_)) => ", recursive functions as procedures (non-linear clauses)",
                        (true, None) => "",
                        (false, None) => ", sliced to the locations that can reach the error",
                    }
                ),
                "sat: the error is unreachable (SAFE); unsat: it is reachable (UNSAFE)".to_string(),
            ];
            let text = match &procedures {
                Some(ps) => ufo::chc::horn::export_procedures(ps, int, &header, dialect),
                None => ufo::chc::horn::export_as(&p, int, &header, dialect),
            }
            .map_err(Error::Usage)?;
            match output {
                Some(path) => write_output(&path, &text)?,
                None => print!("{text}"),
            }
            Ok(0)
        }
        Cmd::Cc { args } => Ok(ufo::cc::run(&args)),
        Cmd::PluginPath { compiler } => {
            println!("{}", ufo::plugins::plugin_for(compiler.as_deref())?.display());
            Ok(0)
        }
        Cmd::PluginVerify { file, name, data_model } => {
            let bitcode = std::fs::read(&file)
                .map_err(|e| Error::input(file.display().to_string(), format!("cannot read: {e}")))?;
            let diags = match ufo::pipeline_options::PipelineOptions::from_env() {
                Ok(o) => ufo::runner::unit(&name, bitcode, &o, OptLevel::O0, data_model, o.werror).0,
                Err(e) => vec![ufo::report::diagnostics::Diagnostic {
                    severity: ufo::report::diagnostics::Severity::Warning,
                    at: None,
                    message: format!("{e}; nothing verified"),
                }],
            };
            println!("{}", serde_json::to_string(&diags).unwrap_or_else(|_| "[]".into()));
            Ok(0)
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

/// A progress bar of `len` steps, `width` characters wide, when stderr is a
/// terminal (never in CI logs or redirected output).
fn terminal_bar(len: u64, width: usize) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(len);
        let template = format!("{{elapsed_precise}} [{{bar:{width}}}] {{pos}}/{{len}} {{msg}}");
        let style = indicatif::ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        b.set_style(style.progress_chars("=> "));
        b
    })
}

/// A spinner naming the engines running, when stderr is a terminal and
/// the run takes more than a moment (never in CI logs or redirected output).
fn engine_spinner() -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal().then(|| {
        let s = indicatif::ProgressBar::new_spinner();
        let style = indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
        s.set_style(style);
        s.enable_steady_tick(std::time::Duration::from_millis(120));
        s
    })
}

/// A progress bar over the levels of `compare-opt` on a terminal; nothing otherwise.
fn level_progress(levels: &[String]) -> impl Fn(Option<&str>) {
    let bar = terminal_bar(levels.len() as u64, 20);
    if let Some(b) = &bar {
        b.enable_steady_tick(std::time::Duration::from_millis(500));
    }
    let started = std::cell::Cell::new(false);
    move |level| {
        let Some(b) = &bar else { return };
        if started.replace(true) {
            b.inc(1);
        }
        match level {
            Some(l) => b.set_message(format!("verifying at {l}")),
            None => b.finish_and_clear(),
        }
    }
}

fn project(a: ProjectArgs) -> Result<i32, Error> {
    let database = match (a.database, a.build_dir) {
        (Some(d), None) | (None, Some(d)) => d,
        (None, None) => return Err(Error::Usage("name the compilation database, or its directory with -p".into())),
        (Some(_), Some(_)) => return Err(Error::Usage("name the compilation database or -p DIR, not both".into())),
    };
    let ufo = std::env::current_exe().map_err(|e| Error::Tool(format!("cannot find the ufo executable: {e}")))?;
    let mut verify_args = a.engine.to_args();
    verify_args.extend(a.conventions.to_args());
    verify_args.extend(a.cache.to_args());
    let opts = ufo::project::ProjectOptions {
        database,
        entries: a.entry.clone(),
        links: a.link.iter().map(|l| l.split(',').map(|f| f.trim().to_string()).collect()).collect(),
        jobs: a.jobs,
        timeout: a.timeout,
        opt: a.opt,
        properties: Properties::of(&a.conventions.property),
        strict_c: a.conventions.strict_c,
        verify_args,
        ufo,
    };
    let bar: std::sync::Mutex<Option<indicatif::ProgressBar>> = std::sync::Mutex::new(None);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let told = |ev: ufo::project::Event| {
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        match ev {
            ufo::project::Event::Entries(n) => *bar = terminal_bar(n as u64, 30),
            ufo::project::Event::Done(r) => {
                let n = done.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                let line = format!("{}: {}: {} ({:.1} s)", r.program, r.entry, r.verdict, r.time);
                match bar.as_ref() {
                    Some(b) => {
                        b.set_message(line);
                        b.inc(1);
                    }
                    None => eprintln!("[{n}] {line}"),
                }
            }
        }
    };
    let report = ufo::project::run(&opts, &told)?;
    if let Some(b) = bar.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        b.finish_and_clear();
    }
    print!("{}", report.to_text());
    if let Some(path) = &a.json {
        write_output(path, &report.to_json())?;
    }
    if let Some(path) = &a.sarif {
        write_output(path, &report.sarif())?;
    }
    Ok(report.exit_code())
}

fn bench(a: BenchArgs) -> Result<i32, Error> {
    use ufo::bench::{matrix, results};
    if !a.import.is_empty() {
        let mut rows = ufo::bench::import::read(&a.import)?;
        if let Some(task_file) = &a.tasks {
            ufo::bench::import::label_with(&mut rows, &ufo::bench::tasks::read(task_file, None)?);
        }
        let tools = ufo::bench::import::labels(&rows);
        let tools: Vec<&str> = tools.iter().map(String::as_str).collect();
        println!(
            "ufo bench --import {}: {} rows",
            a.import.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(","),
            rows.len()
        );
        println!();
        print!("{}", ufo::bench::table::render(&rows, &tools));
        return bench_outputs(&a, &rows, &tools, "imported results");
    }
    let Some(task_file) = &a.tasks else {
        return Err(Error::Usage("bench: name a task list, or --import results".into()));
    };
    let filter = match &a.filter {
        Some(f) => Some(regex::Regex::new(f).map_err(|e| Error::Usage(format!("--filter: {e}")))?),
        None => None,
    };
    let tasks = ufo::bench::tasks::read(task_file, filter.as_ref())?;
    let exe = std::env::current_exe().map_err(|e| Error::Tool(format!("cannot find the ufo executable: {e}")))?;
    let runs = |exe: &str, flag: &str| std::process::Command::new(exe).arg(flag).output().is_ok();
    if a.baseline.contains(&ufo::bench::Baseline::Spacer) && !runs(&a.z3, "-version") {
        return Err(Error::Tool(format!("cannot run {} for the Spacer baseline (install z3)", a.z3)));
    }
    if a.baseline.contains(&ufo::bench::Baseline::Golem) && !runs(&a.golem, "--version") {
        return Err(Error::Tool(format!(
            "cannot run {} for the Golem baseline (build Golem; --golem names it)",
            a.golem
        )));
    }
    let baselines = unique(a.baseline.clone());
    let levels = unique(if a.levels.is_empty() { vec![a.opt] } else { a.levels.clone() });
    let engines = unique(if a.engines.is_empty() { vec![a.engine.engine.clone()] } else { a.engines.clone() });
    // --opt is passed by the runner (export-chc needs it, and --int, too).
    let engines: Vec<(String, Vec<String>)> = engines
        .into_iter()
        .map(|e| {
            let mut args = EngineArgs { engine: e.clone(), ..a.engine.clone() }.to_args();
            if !a.cache {
                args.push("--no-cache".into());
            }
            (e, args)
        })
        .collect();
    let configs = matrix::configs(&levels, &engines, &baselines);
    let opts = ufo::bench::BenchOptions {
        ufo: exe,
        z3: a.z3.clone(),
        golem: a.golem.clone(),
        golem_engines: a.golem_engine.clone(),
        timeout: a.timeout,
        memory_mb: Some(a.memory),
        jobs: a.jobs,
        int: a.engine.int,
        configs,
    };
    if let Some(path) = &a.benchexec_xml {
        let xml = ufo::bench::import::benchmark_definition(&opts, task_file, &tasks, path);
        write_output(path, &xml)?;
        eprintln!("ufo bench: wrote {} (BenchExec: benchexec {} --tool-directory ...)", path.display(), path.display());
        return Ok(0);
    }
    let tools = ufo::bench::tools(&opts);
    // cells a resumed run has: those of this run's tasks and configurations
    let cell = |task: &str, tool: &str| (task.to_string(), tool.to_string());
    let wanted: std::collections::HashSet<(String, String)> =
        tasks.iter().flat_map(|t| tools.iter().map(|c| cell(&t.name, c))).collect();
    let previous: Vec<ufo::bench::score::Row> = match (&a.csv, a.resume) {
        (Some(csv), true) => results::resume_from(csv)?,
        _ => Vec::new(),
    };
    let finished: std::collections::HashSet<(String, String)> =
        previous.iter().map(|r| cell(&r.task, &r.tool)).filter(|c| wanted.contains(c)).collect();
    let log = match &a.csv {
        Some(csv) => Some(results::RowLog::open(csv, a.resume)?),
        None => None,
    };
    let total = (wanted.len() - finished.len()) as u64;
    if a.resume {
        eprintln!("ufo bench: resuming: {} of {} cells finished, {total} to run", finished.len(), wanted.len());
    }
    let bar = terminal_bar(total, 40);
    let done = std::sync::atomic::AtomicU64::new(0);
    let unlogged = std::sync::atomic::AtomicBool::new(false);
    let progress = |r: &ufo::bench::score::Row| {
        if let Some(log) = &log {
            if let Err(e) = log.write(r) {
                if !unlogged.swap(true, std::sync::atomic::Ordering::SeqCst) {
                    eprintln!("ufo bench: cannot append to the CSV: {e}");
                }
            }
        }
        let n = done.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        let line = format!(
            "{} {}: {} ({:.1} s){}",
            r.tool,
            r.task,
            r.verdict.as_str(),
            r.cpu_time,
            if r.reason.is_empty() { String::new() } else { format!(" {}", r.reason) }
        );
        match &bar {
            Some(b) => {
                b.set_message(line);
                b.inc(1);
            }
            None => eprintln!("[{n}/{total}] {line}"),
        }
    };
    let skip = |t: &ufo::bench::tasks::Task, c: &matrix::Config| finished.contains(&cell(&t.name, &c.label));
    let new = ufo::bench::run(&opts, &tasks, &skip, &progress).map_err(|e| Error::Tool(format!("bench: {e}")))?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    // every row of this run's cells, in task order, each task's in configuration order
    let position = |r: &ufo::bench::score::Row| {
        let t = tasks.iter().position(|t| t.name == r.task).unwrap_or(usize::MAX);
        (t, tools.iter().position(|c| *c == r.tool).unwrap_or(usize::MAX))
    };
    let mut rows: Vec<ufo::bench::score::Row> =
        previous.into_iter().filter(|r| finished.contains(&cell(&r.task, &r.tool))).chain(new).collect();
    rows.sort_by_key(position);
    let mut properties: Vec<&str> = tasks.iter().map(|t| t.property.as_str()).collect();
    properties.sort_unstable();
    properties.dedup();
    let settings = format!(
        "{} tasks, {} --property {} --svcomp --opt {}, {} s and {} MiB per task and tool, {} job(s)",
        tasks.len(),
        engines.iter().map(|(_, args)| args.join(" ")).collect::<Vec<_>>().join(" | "),
        properties.join("|"),
        levels.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(","),
        a.timeout,
        a.memory,
        a.jobs
    );
    println!("ufo bench {}: {settings}", task_file.display());
    println!();
    print!("{}", ufo::bench::table::render(&rows, &tools));
    bench_outputs(&a, &rows, &tools, &format!("{}: {settings}", task_file.display()))
}

/// `v` without repetitions, in order.
fn unique<T: PartialEq>(v: Vec<T>) -> Vec<T> {
    let mut out = Vec::new();
    for x in v {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// `--csv` (of imported rows), `--json` and `--html` of a bench.
fn bench_outputs(a: &BenchArgs, rows: &[ufo::bench::score::Row], tools: &[&str], settings: &str) -> Result<i32, Error> {
    if let (Some(path), false) = (&a.csv, a.import.is_empty()) {
        let text = ufo::bench::to_csv(rows).map_err(|e| Error::Tool(format!("csv: {e}")))?;
        write_output(path, &text)?;
    }
    if let Some(path) = &a.json {
        write_output(path, &serde_json::to_string_pretty(rows).unwrap_or_default())?;
    }
    if let Some(path) = &a.html {
        write_output(path, &ufo::bench::html::report(rows, tools, settings))?;
    }
    Ok(0)
}

fn main() {
    // `ufo cc` passes every argument to clang as it is, even --help or -V.
    let argv: Vec<String> = std::env::args().collect();
    // A portfolio member in a process of its own (`member`): hidden, and
    // nothing else is printed.
    if argv.get(1).map(String::as_str) == Some("member") {
        let worker = std::thread::Builder::new().stack_size(ufo::member::SERVE_STACK).spawn(ufo::member::serve);
        std::process::exit(worker.ok().and_then(|w| w.join().ok()).unwrap_or(2));
    }
    if let Ok(exe) = std::env::current_exe() {
        ufo::member::use_executable(exe);
    }
    ufo::frontend::set_loop_options();
    if argv.get(1).map(String::as_str) == Some("cc") {
        let args = argv[2..].to_vec();
        let worker = std::thread::Builder::new().stack_size(ufo::threads::STACK).spawn(move || ufo::cc::run(&args));
        std::process::exit(worker.ok().and_then(|w| w.join().ok()).unwrap_or(EXIT_UNKNOWN));
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_INPUT } else { 0 };
            // With --json a usage error is one JSON object too.
            let json_wanted = matches!(argv.get(1).map(String::as_str), Some("verify" | "compare-opt"))
                && argv.iter().any(|a| a == "--json");
            if code != 0 && json_wanted {
                let first = e.to_string().lines().next().unwrap_or("").trim_start_matches("error: ").to_string();
                eprintln!("ufo: {first}");
                println!("{}", ufo::report::error_json::form("usage", &first, &first, None, None, code, &[]));
            } else {
                let _ = e.print();
            }
            std::process::exit(code);
        }
    };
    // With --json every ending prints one JSON object: errors and internal
    // errors in the error form of docs/report.schema.json.
    let json_files = match &cli.cmd {
        Cmd::Verify(a) if a.json => Some(a.input.files.clone()),
        Cmd::CompareOpt(a) if a.json => Some(a.files.clone()),
        _ => None,
    };
    if let Some(c) = &cli.clang {
        // Set before any thread starts; child processes (bench, replay) inherit it.
        std::env::set_var("UFO_CLANG", c);
    }
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
    // Deep recursion (WTO, large expressions) gets a large stack; `verify`
    // runs under the library's watchdog (`ufo::runner`).
    let worker = std::thread::Builder::new().stack_size(ufo::threads::STACK).spawn(move || run(cli));
    let result = match worker.map(|w| w.join()) {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => {
            match &json_files {
                Some(files) => {
                    let msg = "internal error (please report this with the input file)";
                    let file = files.first().map(String::as_str);
                    println!(
                        "{}",
                        ufo::report::error_json::form("internal", msg, msg, file, None, EXIT_UNKNOWN, files)
                    );
                }
                None => println!("UNKNOWN (internal error)"),
            }
            std::process::exit(EXIT_UNKNOWN);
        }
        Err(e) => {
            eprintln!("ufo: cannot start the verifier thread: {e}");
            std::process::exit(EXIT_UNKNOWN);
        }
    };
    match result {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("ufo: {e}");
            let code = e.exit_code();
            match &json_files {
                Some(files) => println!("{}", ufo::report::error_json::of(&e, files)),
                None if code == EXIT_UNKNOWN => println!("UNKNOWN ({e})"),
                None => {}
            }
            std::process::exit(code);
        }
    }
}
