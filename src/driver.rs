//! The pipeline as one straight list of stages (load → normalize → optimize →
//! translate → slice → engine), and the report a user reads. Library code: it
//! returns values; only `main` prints and exits.

use crate::cfg::slice;
use crate::engines::{self, EngineKind, EngineOptions, Outcome, Verdict};
use crate::error::{Result, SrcLoc};
use crate::frontend::{self, FrontendOptions};
use crate::ir::Program;
use crate::replay::{self, Replay};
use crate::smt::dag::Trace;
use crate::smt::{lower, Deadline, IntSemantics};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// Everything `ufo verify` needs.
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    pub files: Vec<String>,
    pub frontend: FrontendOptions,
    pub engine: EngineKind,
    pub engine_opts: EngineOptions,
    pub timeout: Option<f64>,
    /// Where to write the counterexample harness, if any.
    pub harness: Option<std::path::PathBuf>,
}

/// Size of the translated program.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProgramSize {
    pub locations: usize,
    pub edges: usize,
    pub variables: usize,
    pub sliced_locations: usize,
    pub sliced_edges: usize,
}

/// One step of a readable counterexample.
#[derive(Clone, Debug, Serialize)]
pub struct PathStep {
    pub at: SrcLoc,
    pub code: Option<String>,
}

/// The result of `ufo verify`, ready to print as text or JSON.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub file: String,
    pub verdict: Verdict,
    pub reason: Option<String>,
    pub engine: String,
    pub opt: String,
    pub int: String,
    pub outcome: Outcome,
    pub path: Vec<PathStep>,
    /// The replay of the counterexample on the real program (UNSAFE answers).
    pub replay: Option<Replay>,
    pub program: ProgramSize,
    pub translation: crate::ir::TranslationStats,
    pub approximations: BTreeMap<String, usize>,
    pub warnings: Vec<String>,
    pub time_frontend: f64,
    pub time_engine: f64,
}

/// The source line `at` points to, if the file is readable.
pub fn source_line(at: &SrcLoc) -> Option<String> {
    if !at.is_known() {
        return None;
    }
    let text = std::fs::read_to_string(&at.file).ok()?;
    text.lines().nth(at.line as usize - 1).map(|l| l.trim().to_string())
}

/// The readable path of a trace: the source positions of its branches and calls.
pub fn render_path(p: &Program, trace: &Trace) -> Vec<PathStep> {
    let mut out: Vec<PathStep> = Vec::new();
    for e in &trace.edges {
        let edge = p.edge(*e);
        let mut spots: Vec<SrcLoc> = Vec::new();
        for st in &edge.body {
            if let crate::ir::Stmt::Havoc(_, _, at) = st {
                spots.push(at.clone());
            }
        }
        spots.push(edge.src_loc.clone());
        for at in spots {
            if at.is_known() && out.last().map(|s| s.at.line != at.line || s.at.file != at.file).unwrap_or(true) {
                out.push(PathStep { code: source_line(&at), at });
            }
        }
    }
    out
}

/// Runs the whole pipeline on the files.
pub fn verify(opts: &VerifyOptions) -> Result<Report> {
    let t0 = Instant::now();
    let prog = frontend::build_program(&opts.files, &opts.frontend)?;
    let (sliced, _) = slice::slice(&prog);
    let sliced = slice::slice_vars(&sliced);
    let approximations = lower::static_approximations(&sliced, opts.engine_opts.sem);
    let time_frontend = t0.elapsed().as_secs_f64();
    let deadline = Deadline::from_secs(opts.timeout.map(|t| (t - time_frontend).max(0.01)));
    let t1 = Instant::now();
    let mut warnings = prog.warnings.clone();
    if opts.engine_opts.sem == IntSemantics::Math {
        warnings.push("--int math: integers are unbounded; answers ignore wrap-around and may be wrong".into());
    }
    let mut outcome = engines::run(opts.engine, &sliced, &opts.engine_opts, &deadline);
    let mut replayed = None;
    if let (Verdict::Unsafe, Some(trace)) = (outcome.verdict, &outcome.trace) {
        let limit = std::time::Duration::from_secs(10);
        let entry = replay::Entry { name: prog.function.clone(), params: prog.entry_params.clone() };
        let r = replay::replay(&opts.files, opts.frontend.data_model, &entry, trace, opts.harness.as_deref(), limit);
        match &r {
            Replay::Reached => {}
            Replay::NotReached(why) | Replay::Impossible(why) => {
                outcome.verdict = Verdict::Unknown;
                outcome.reason = Some(format!("counterexample did not replay: {why}"));
            }
        }
        replayed = Some(r);
    }
    let time_engine = t1.elapsed().as_secs_f64();
    let path = outcome.trace.as_ref().map(|t| render_path(&sliced, t)).unwrap_or_default();
    Ok(Report {
        file: opts.files.join(" "),
        verdict: outcome.verdict,
        reason: outcome.reason.clone(),
        engine: format!("{:?}", opts.engine).to_lowercase(),
        opt: opts.frontend.opt.as_str().to_string(),
        int: opts.engine_opts.sem.as_str().to_string(),
        path,
        replay: replayed,
        program: ProgramSize {
            locations: prog.locs.len(),
            edges: prog.edges.len(),
            variables: prog.vars.len(),
            sliced_locations: sliced.locs.len(),
            sliced_edges: sliced.edges.len(),
        },
        translation: prog.stats.clone(),
        approximations,
        warnings,
        outcome,
        time_frontend,
        time_engine,
    })
}

impl Report {
    /// The text report.
    pub fn to_text(&self, with_stats: bool) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        for w in &self.warnings {
            let _ = writeln!(s, "warning: {w}");
        }
        match &self.reason {
            Some(r) => {
                let _ = writeln!(s, "{}: {} ({r})", self.file, self.verdict.as_str());
            }
            None => {
                let _ = writeln!(s, "{}: {}", self.file, self.verdict.as_str());
            }
        }
        if let Some(trace) = &self.outcome.trace {
            if !trace.inputs.is_empty() {
                let _ = writeln!(s, "inputs:");
                for i in &trace.inputs {
                    let _ = writeln!(s, "  {}  {}() = {}", i.at, i.func, i.value);
                }
            }
            if !self.path.is_empty() {
                let _ = writeln!(s, "path:");
                for st in &self.path {
                    let _ = writeln!(s, "  {}: {}", st.at, st.code.as_deref().unwrap_or(""));
                }
            }
        }
        if with_stats {
            let st = &self.outcome.stats;
            let _ = writeln!(
                s,
                "stats: engine={} opt={} int={} locations={} (sliced {}) edges={} vars={} iterations={} arg_nodes={} covered_heads={} max_query_nodes={} refine={:.3}s post={:.3}s cover={:.3}s check={:.3}s frontend={:.3}s engine={:.3}s",
                self.engine, self.opt, self.int, self.program.locations, self.program.sliced_locations, self.program.edges,
                self.program.variables, st.iterations, st.arg_nodes, st.covered_heads, st.max_query_nodes, st.refine_time,
                st.post_time, st.cover_time, st.check_time, self.time_frontend, self.time_engine
            );
            let tr = &self.translation;
            let _ = writeln!(
                s,
                "over-approximations: memory_loads={} unknown_calls={} undef={} other={}{}",
                tr.memory_loads,
                tr.unknown_calls,
                tr.undef_values,
                tr.other_havocs,
                self.approximations.iter().map(|(k, v)| format!(" [{k}]={v}")).collect::<String>()
            );
        }
        s
    }
}
