//! The pipeline as one straight list of stages (load → normalize → optimize →
//! translate → slice → engine → independent check → readable answer). Library
//! code: it returns a [`Report`]; only `main` prints and exits.

use crate::cfg::slice;
use crate::check::{self, CheckSetup};
use crate::engines::{self, registry, Certificate, EngineArgs, Verdict};
use crate::error::{Error, Result};
use crate::explain;
use crate::frontend::{self, FrontendOptions};
use crate::ir::Program;
use crate::portfolio;
use crate::program_inputs::RunInputs;
use crate::replay::{self, Replay};
use crate::report::*;
use crate::smt::{lower, Deadline, IntSemantics};
use crate::trace::{Input, Trace};
use std::time::Instant;

/// A module held in memory as bitcode (the pass plugin's input).
#[derive(Clone)]
pub struct Bitcode(pub std::sync::Arc<[u8]>);

impl std::fmt::Debug for Bitcode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bitcode({} bytes)", self.0.len())
    }
}

/// Everything `ufo verify` needs.
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// The input files; with `bitcode`, the one name of the module in memory.
    pub files: Vec<String>,
    /// Verify this module instead of reading `files`.
    pub bitcode: Option<Bitcode>,
    pub frontend: FrontendOptions,
    /// The engine and its options (`engines::config`).
    pub engine: EngineArgs,
    pub timeout: Option<f64>,
    /// The run's memory bound in MiB (`--memory`; none: three quarters of
    /// the machine's, `memory_guard::run_bound`), split among its member
    /// processes.
    pub memory_mb: Option<u64>,
    /// Where to write the counterexample harness, if any.
    pub harness: Option<std::path::PathBuf>,
    /// Where to write the explored paths' tests (`--tests`; the engine
    /// keeps them when `engine.tests` > 0).
    pub tests: Option<std::path::PathBuf>,
    /// How much a replay may pass to the program.
    pub replay_limits: crate::program_inputs::ReplayLimits,
    /// Cancels the run from another thread (`runner`).
    pub cancel: crate::deadline::Cancel,
    /// Told which engines are running (a terminal's progress line).
    pub progress: Option<portfolio::Progress>,
    /// The verdict cache, if it is on (`cache`).
    pub cache: Option<crate::cache::Cache>,
}

/// Runs the whole pipeline on the files. A program whose recursion was
/// copied to a bound (`frontend::recursion`) and whose run found nothing
/// within it before its time was up runs again with four times the budget
/// (deeper copies) in the time left, until a bug is found, the depth no
/// longer grows, or the time is up; the procedures with summaries are built
/// and solved in the first run only (the bound does not change them).
pub fn verify(opts: &VerifyOptions) -> Result<Report> {
    let t0 = Instant::now();
    let mut run = opts.clone();
    loop {
        let (mut report, bound) = verify_once(&run)?;
        let depth = bound.as_ref().map(|(d, _)| *d);
        let left = opts.timeout.map(|t| t - t0.elapsed().as_secs_f64());
        let bound_stopped = report.verdict == Verdict::Unknown
            && report
                .reason
                .as_deref()
                .is_some_and(|r| r.contains(frontend::recursion::REACHED) && !r.contains("timeout"));
        let deeper = bound_stopped
            && depth.is_some_and(|d| d < frontend::recursion::MAX_DEPTH)
            && run.frontend.recursion_budget < frontend::recursion::MAX_BUDGET
            && left.is_none_or(|l| l > 1.0)
            && !opts.cancel.is_cancelled();
        if !deeper {
            // a run that timed out says, too, that its recursion was bounded
            if let (Verdict::Unknown, Some((_, why))) = (report.verdict, &bound) {
                let reason = report.reason.get_or_insert_with(String::new);
                if !reason.contains(frontend::recursion::REACHED) {
                    *reason = if reason.is_empty() { why.clone() } else { format!("{reason}; {why}") };
                }
            }
            return Ok(report);
        }
        run.frontend.recursion_budget *= 4;
        // the procedures' clauses do not depend on the bound: they were
        // solved (or given up on) in the first run
        run.frontend.procedures = false;
        run.timeout = left;
    }
}

/// One run of the pipeline, and the depth its recursion was copied to with
/// the reason that says so (if it was).
fn verify_once(opts: &VerifyOptions) -> Result<(Report, Option<(usize, String)>)> {
    let t0 = Instant::now();
    let prog = match &opts.bitcode {
        Some(b) => frontend::build_program_from_bitcode(&opts.files.join(" "), &b.0, &opts.frontend)?,
        None => frontend::build_program(&opts.files, &opts.frontend)?,
    };
    let (sliced, _) = slice::slice(&prog);
    let sliced = slice::slice_vars(&sliced);
    let approximations = lower::static_approximations(&sliced, opts.engine.int);
    let time_frontend = t0.elapsed().as_secs_f64();
    let deadline =
        Deadline::from_secs(opts.timeout.map(|t| (t - time_frontend).max(0.01))).with_cancel(opts.cancel.clone());
    let t1 = Instant::now();
    let mut warnings = prog.warnings.clone();
    if opts.engine.int == IntSemantics::Math {
        warnings.push("--int math: integers are unbounded; answers ignore wrap-around and may be wrong".into());
    }
    // Without checks there is nothing to verify, unless an error function may
    // have been inlined beyond recognition (then that is the answer's reason).
    let members = opts.engine.members_for_program(&sliced).map_err(Error::Usage)?;
    // A module in memory is written to a file the first time an UNSAFE
    // answer must be replayed (on the member's thread).
    let on_file: std::sync::OnceLock<std::result::Result<OnDisk, String>> = std::sync::OnceLock::new();
    let replay_files = |o: &engines::Outcome| -> std::result::Result<Vec<String>, String> {
        match &opts.bitcode {
            Some(b) if o.verdict == Verdict::Unsafe => on_file
                .get_or_init(|| on_disk(b).map_err(|e| e.to_string()))
                .as_ref()
                .map(|(_, f)| f.clone())
                .map_err(Clone::clone),
            _ => Ok(opts.files.clone()),
        }
    };
    // The C files a module in memory was compiled from (the plugin's
    // `--name`), where they exist: the UBSan run of a replay uses them.
    let sources: Vec<String> = match &opts.bitcode {
        Some(_) => opts
            .files
            .iter()
            .filter(|f| replay::ub::sanitizable(f) && std::path::Path::new(f).is_file())
            .cloned()
            .collect(),
        None => Vec::new(),
    };
    let check_under = |sem: IntSemantics, o: &mut engines::Outcome, d: &Deadline| {
        let files = match replay_files(o) {
            Ok(f) => f,
            Err(why) => {
                *o = engines::Outcome::unknown(format!("cannot replay: {why}"), std::mem::take(&mut o.stats));
                return None;
            }
        };
        let setup = CheckSetup {
            files: &files,
            sources: &sources,
            data_model: opts.frontend.data_model,
            entry: replay::Entry { name: prog.function.clone(), params: prog.entry_params.clone() },
            property: opts.frontend.property,
            harness: opts.harness.as_deref(),
            limits: opts.replay_limits,
            validate: opts.engine.validate,
        };
        check::check(&sliced, sem, o, &setup, d)
    };
    let check = |m: &engines::Member, o: &mut engines::Outcome, d: &Deadline| check_under(m.sem, o, d);
    // A stored answer is a candidate like an engine's: it counts only once
    // the check accepted it again (`cache`). A run that writes the paths it
    // explores (`--tests`) must explore them: no cache.
    let cached = (opts.engine.tests == 0)
        .then_some(opts.cache.as_ref())
        .flatten()
        .map(|c| (c, crate::cache::key(&sliced, &cache_options(opts))));
    let mut cache_use = None;
    let mut from_cache = None;
    if let Some((c, key)) = &cached {
        cache_use = Some(crate::cache::Use::Miss);
        if let Some(entry) = c.lookup(key) {
            let mut outcome = engines::Outcome::from_wire(entry.outcome);
            let checked = check_under(entry.sem, &mut outcome, &deadline);
            if outcome.verdict == entry.verdict && outcome.verdict != Verdict::Unknown {
                cache_use = Some(crate::cache::Use::Hit);
                from_cache = Some(portfolio::Answer {
                    outcome,
                    sem: entry.sem,
                    checked,
                    winner: entry.member,
                    runs: Vec::new(),
                });
            } else {
                cache_use = Some(crate::cache::Use::Rejected);
                let why = outcome.reason.unwrap_or_else(|| "its verdict changed".into());
                warnings.push(format!("the cached answer was rejected ({why}); verified again"));
            }
        }
    }
    // Without checks there is nothing to verify, unless an error function may
    // have been inlined beyond recognition (then that is the answer's reason).
    // Checks the frontend compiles in are all there is of their property:
    // none is a program that cannot fail it, to be proved as any other.
    let answer = if let Some(a) = from_cache {
        a
    } else if prog.checks.is_empty() && prog.safe_blocked.is_none() && !opts.frontend.property.instrumented() {
        let outcome = engines::Outcome::unknown(nothing_to_check(opts), Default::default());
        portfolio::Answer { outcome, sem: opts.engine.int, checked: None, winner: None, runs: Vec::new() }
    } else {
        let jobs = opts.engine.threads(members.len());
        let processes = crate::member::processes(&opts.engine).map(|p| crate::member::Processes {
            memory_share: crate::memory_guard::run_bound(opts.memory_mb).map(|bound| {
                let parent = crate::memory_guard::anon_bytes(None).unwrap_or(0);
                crate::memory_guard::member_share(bound, parent, jobs)
            }),
            ..p
        });
        let setup = portfolio::Setup { jobs, progress: opts.progress.as_ref(), processes: processes.as_ref() };
        portfolio::run(&sliced, &members, setup, &deadline, &check)
    };
    if let (Some((c, key)), Some(crate::cache::Use::Miss | crate::cache::Use::Rejected)) = (&cached, &cache_use) {
        if answer.outcome.verdict != Verdict::Unknown {
            let entry = crate::cache::Entry {
                key: key.0.clone(),
                verdict: answer.outcome.verdict,
                sem: answer.sem,
                member: answer.winner.clone(),
                outcome: answer.outcome.to_wire(),
            };
            if let Err(why) = c.store(&entry) {
                warnings.push(format!("the answer was not cached: {why}"));
            }
        }
    }
    let outcome = answer.outcome;
    let replayed = answer.checked;
    let portfolio = (opts.engine.engine == registry::PORTFOLIO).then(|| PortfolioReport {
        winner: answer.winner.clone(),
        jobs: opts.engine.threads(members.len()),
        members: answer.runs.clone(),
    });
    let time_engine = t1.elapsed().as_secs_f64();
    explain::use_source_dirs(&prog);
    let tests = opts.tests.as_ref().map(|dir| {
        let files = match &opts.bitcode {
            Some(b) => on_file
                .get_or_init(|| on_disk(b).map_err(|e| e.to_string()))
                .as_ref()
                .map(|(_, f)| f.clone())
                .map_err(Clone::clone),
            None => Ok(opts.files.clone()),
        };
        // the bug's path is a test too, once its replay reached the error
        let mut traces = outcome.tests.clone();
        if let Some(bug) = outcome.trace.as_ref().filter(|_| outcome.verdict == Verdict::Unsafe) {
            if traces.len() < opts.engine.tests {
                traces.push(bug.clone());
            }
        }
        write_tests(&prog, &sliced, opts, files, &traces, dir)
    });
    let counterexample = outcome.trace.as_ref().map(|t| counterexample(&prog, &sliced, t, replayed.as_ref()));
    let certificate = match (&outcome.verdict, &outcome.certificate) {
        (Verdict::Safe, Some(c)) => Some(certificate(&sliced, c, outcome.stats.validation.as_ref())),
        _ => None,
    };
    let report = Report {
        schema: SCHEMA,
        files: opts.files.clone(),
        verdict: outcome.verdict,
        reason: outcome.reason.clone(),
        options: run_options(opts),
        counterexample,
        certificate,
        stats: outcome.stats,
        portfolio,
        tests,
        time: Times { frontend: time_frontend, engine: time_engine, total: t0.elapsed().as_secs_f64() },
        program: ProgramSize {
            locations: prog.locs.len(),
            edges: prog.edges.len(),
            variables: prog.vars.len(),
            sliced_locations: sliced.locs.len(),
            sliced_edges: sliced.edges.len(),
            ir_instructions: prog.ir_instructions,
            relaxed_diagnostics: prog.relaxed.clone(),
        },
        approximations: Approximations { translation: prog.stats.clone(), operations: approximations },
        warnings,
        checks: prog.checks.clone(),
        module: ModuleInfo::new(prog.producer.clone()),
        cache: cache_use,
    };
    let bound = prog.recursion_depth.map(|d| (d, prog.safe_blocked.clone().unwrap_or_default()));
    Ok((report, bound))
}

/// Why a program without checks gets no verdict (`Report::nothing_to_check`).
fn nothing_to_check(opts: &VerifyOptions) -> String {
    let what = if opts.frontend.property.assertions {
        "no assert(), reach_error() or __VERIFIER_assert() call"
    } else {
        "no reach_error() or __VERIFIER_error() call (--property unreach-call)"
    };
    format!("{NOTHING_TO_CHECK}: {}() has {what}", opts.frontend.entry)
}

/// A module written to a file: the directory (removed when dropped) and the
/// file's name.
type OnDisk = (Option<tempfile::TempDir>, Vec<String>);

/// A module in memory, written to a temporary file for the replay (a program
/// must exist as a file to be compiled and run); the directory lives as long
/// as the returned guard.
fn on_disk(b: &Bitcode) -> Result<OnDisk> {
    let dir = tempfile::tempdir().map_err(|e| Error::Tool(format!("cannot create a temporary directory: {e}")))?;
    let path = dir.path().join("module.bc");
    std::fs::write(&path, &b.0).map_err(|e| Error::Tool(format!("cannot write {}: {e}", path.display())))?;
    let file = path.to_string_lossy().into_owned();
    Ok((Some(dir), vec![file]))
}

/// The report of a run that produced no answer at all (the watchdog's).
pub fn unknown(opts: &VerifyOptions, reason: &str) -> Report {
    Report {
        schema: SCHEMA,
        files: opts.files.clone(),
        verdict: Verdict::Unknown,
        reason: Some(reason.to_string()),
        options: run_options(opts),
        counterexample: None,
        certificate: None,
        stats: Default::default(),
        portfolio: None,
        tests: None,
        time: Times::default(),
        program: ProgramSize::default(),
        approximations: Approximations::default(),
        warnings: Vec::new(),
        checks: Vec::new(),
        module: ModuleInfo::new(None),
        cache: None,
    }
}

/// The options that can change an answer, for the cache's key (`cache`):
/// not the time limit, the threads or where reports go.
fn cache_options(opts: &VerifyOptions) -> Vec<String> {
    let engine = EngineArgs { portfolio_jobs: None, ..opts.engine.clone() };
    let f = &opts.frontend;
    let l = &opts.replay_limits;
    let mut words = engine.to_args();
    words.extend([
        format!("opt={}", f.opt.as_str()),
        format!("data-model={}", f.data_model.as_str()),
        format!("entry={}", f.entry),
        format!("property={}", f.property.as_string()),
        format!("svcomp={} malloc-never-null={}", f.svcomp, f.malloc_never_null),
        format!("recursion={} procedures={}", f.recursion_budget, f.procedures),
        format!("replay={} {} {}", l.max_args, l.max_arg_len, l.max_stdin),
    ]);
    words
}

fn run_options(opts: &VerifyOptions) -> RunOptions {
    RunOptions {
        engine: opts.engine.engine.clone(),
        post: opts.engine.post.as_str(),
        opt: opts.frontend.opt.as_str().to_string(),
        int: opts.engine.int.as_str().to_string(),
        data_model: opts.frontend.data_model.as_str().to_string(),
        entry: opts.frontend.entry.clone(),
        property: opts.frontend.property.as_string(),
        svcomp: opts.frontend.svcomp,
        timeout: opts.timeout,
        bound: (opts.engine.engine == "bmc").then_some(opts.engine.bound),
        validate: opts.engine.validate,
    }
}

/// Writes `traces` as tests to `dir` (`replay::write_tests`), each under
/// its path as the report shows it; what was written, or why nothing was.
fn write_tests(
    prog: &Program,
    sliced: &Program,
    opts: &VerifyOptions,
    files: std::result::Result<Vec<String>, String>,
    traces: &[Trace],
    dir: &std::path::Path,
) -> TestsReport {
    let mut report = TestsReport { dir: dir.display().to_string(), written: Vec::new(), reason: None };
    if traces.is_empty() {
        report.reason = Some("the engine kept no path as a test (its search ended before any path did)".into());
        return report;
    }
    let with_paths: Vec<(Trace, String)> = traces
        .iter()
        .map(|t| {
            let steps = explain::render_path(sliced, t);
            let path: String =
                steps.iter().map(|st| format!("  {}: {}\n", st.at, st.code.as_deref().unwrap_or(""))).collect();
            (t.clone(), path.replace("*/", "* /"))
        })
        .collect();
    let entry = replay::Entry { name: prog.function.clone(), params: prog.entry_params.clone() };
    let target = replay::Target { property: opts.frontend.property, trap: false, null_call: false, fault: None };
    match files.and_then(|f| replay::write_tests(&f, opts.frontend.data_model, &entry, target, &with_paths, dir)) {
        Ok(written) => report.written = written.iter().map(|p| p.display().to_string()).collect(),
        Err(why) => report.reason = Some(why),
    }
    report
}

/// The value of an input as the C type its nondet function's name says it
/// returns (`__VERIFIER_nondet_uint`: `unsigned int`): an unsigned one is
/// never negative (the model's value holds its bits, read as signed), so
/// that the report, and a witness's `\result == v`, say what C reads.
/// (`unsigned long`, whose width is the data model's, stays as it is.)
fn as_declared(i: &Input) -> i128 {
    if i.source != crate::ir::InputSource::Nondet {
        return i.value;
    }
    let suffix = i.func.trim_start_matches("__VERIFIER_nondet_");
    let bits = match crate::replay::harness::conventional_type(suffix) {
        Some("_Bool") => 1,
        Some("unsigned char") => 8,
        Some("unsigned short") => 16,
        Some("unsigned int") => 32,
        Some("unsigned long long") => 64,
        _ => return i.value,
    };
    i.value.rem_euclid(1i128 << bits)
}

/// The readable counterexample of a trace of the sliced program; positions are
/// attributed to source functions of the unsliced one.
fn counterexample(prog: &Program, sliced: &Program, t: &Trace, replayed: Option<&Replay>) -> Counterexample {
    let last = t.edges.last().map(|e| sliced.edge(*e));
    let target = last.map(|e| e.src_loc.clone()).unwrap_or_default();
    Counterexample {
        failure: last.and_then(|e| e.failure.clone()),
        run: RunInputs::of(&t.inputs),
        inputs: t
            .inputs
            .iter()
            .map(|i| Input { function: prog.function_at(&i.at).to_string(), value: as_declared(i), ..i.clone() })
            .collect(),
        path: explain::render_path(sliced, t),
        target_function: prog.function_at(&target).to_string(),
        target,
        edges: t.edges.len(),
        undefined_behaviour: match replayed {
            Some(Replay::Reached(ub, _)) => ub.clone(),
            _ => None,
        },
        replay: match replayed {
            Some(Replay::Reached(_, by)) => ReplayReport { reached: true, detail: Some(by.describe().into()) },
            Some(Replay::NotReached(why) | Replay::Impossible(why)) => {
                ReplayReport { reached: false, detail: Some(why.clone()) }
            }
            None => ReplayReport { reached: false, detail: Some("not replayed".into()) },
        },
    }
}

/// The report of a checked certificate of the sliced program (and of its
/// validation, if any).
fn certificate(sliced: &Program, c: &Certificate, validation: Option<&engines::Validation>) -> CertificateReport {
    let procedures = c.procedures.as_ref().zip(sliced.procedures.as_deref());
    CertificateReport {
        validated: validation.map(|v| v.solver.clone()),
        complete_within: c.complete_within,
        k_induction: c.k_induction,
        summaries: procedures.map(|(proof, ps)| explain::procedure_summaries(ps, proof)).unwrap_or_default(),
        loop_invariants: match procedures {
            Some((proof, ps)) => explain::procedure_loop_invariants(ps, c, proof),
            None => explain::loop_invariants(sliced, c),
        },
        locations: match procedures {
            // every program's locations, a procedure's named after it
            Some((proof, ps)) => {
                let invariants = std::iter::once(&proof.main).chain(proof.procedures.iter().map(|f| &f.invariants));
                ps.programs()
                    .zip(invariants)
                    .enumerate()
                    .flat_map(|(k, (p, inv))| {
                        let smtlib = crate::check::cert::smtlib(p, c.sem, inv);
                        p.locs.iter().zip(smtlib).map(move |(l, smtlib)| LocationInvariant {
                            location: if k == 0 { l.name.clone() } else { format!("{}: {}", p.function, l.name) },
                            smtlib,
                        })
                    })
                    .collect()
            }
            None => crate::check::cert::smtlib(sliced, c.sem, &c.invariants)
                .into_iter()
                .zip(&sliced.locs)
                .map(|(smtlib, l)| LocationInvariant { location: l.name.clone(), smtlib })
                .collect(),
        },
    }
}
