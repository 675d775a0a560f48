//! The text report: the verdict line, then the counterexample (inputs, path with
//! values) or the loop invariants, then statistics on request.

use super::Report;
use std::fmt::Write;

impl Report {
    /// The text report (`--stats` adds the statistics lines).
    pub fn to_text(&self, with_stats: bool) -> String {
        let mut s = String::new();
        for w in &self.warnings {
            let _ = writeln!(s, "warning: {w}");
        }
        let file = self.files.join(" ");
        match &self.reason {
            Some(r) => {
                let _ = writeln!(s, "{file}: {} ({r})", self.verdict.as_str());
            }
            None => {
                let _ = writeln!(s, "{file}: {}", self.verdict.as_str());
            }
        }
        if let Some(cex) = &self.counterexample {
            if !cex.replay.reached {
                let _ = writeln!(s, "the engine's counterexample (it did not replay, so it proves nothing):");
            }
            if let Some(f) = &cex.failure {
                let _ = writeln!(s, "failure: {} at {}", f.describe(), f.at);
            }
            if !cex.inputs.is_empty() {
                let _ = writeln!(s, "inputs:");
                for i in crate::program_inputs::shown(&cex.inputs) {
                    let _ = writeln!(s, "  {}  {}", i.at, crate::program_inputs::describe(i));
                }
            }
            if let Some(run) = cex.run.command_line() {
                let _ = writeln!(s, "run: {run}");
            }
            if let Some(ub) = &cex.undefined_behaviour {
                let _ = writeln!(s, "{} ({}): {ub}", super::ub_title(cex), ub.kind);
            }
            if !cex.path.is_empty() {
                let _ = writeln!(s, "path:");
                let mut frames: &[crate::explain::Call] = &[];
                for st in &cex.path {
                    // the calls entered and left since the last step, then the step
                    // indented by its depth (at most ten levels)
                    let same = frames.iter().zip(&st.calls).take_while(|(a, b)| a == b).count();
                    for (k, c) in frames.iter().enumerate().skip(same).rev() {
                        let value = c.result.map(|v| format!(" {v}")).unwrap_or_default();
                        let _ = writeln!(s, "  {}<- {}() returns{value}", indent(k), c.function);
                    }
                    for (k, c) in st.calls.iter().enumerate().skip(same) {
                        let args: Vec<String> = c.args.iter().map(|v| v.to_string()).collect();
                        let _ = writeln!(s, "  {}-> {}({}) called at {}", indent(k), c.function, args.join(", "), c.at);
                    }
                    frames = &st.calls;
                    let _ = write!(s, "  {}{}: {}", indent(st.calls.len()), st.at, st.code.as_deref().unwrap_or(""));
                    if !st.values.is_empty() {
                        let vals: Vec<String> = st.values.iter().map(|v| v.to_string()).collect();
                        let _ = write!(s, "    [{}]", vals.join(", "));
                    }
                    let _ = writeln!(s);
                }
            }
        }
        if let Some(t) = &self.tests {
            match &t.reason {
                Some(why) => {
                    let _ = writeln!(s, "tests: none written to {}: {why}", t.dir);
                }
                None => {
                    let _ = writeln!(s, "tests: {} written to {} (one per path explored)", t.written.len(), t.dir);
                }
            }
        }
        if let Some(c) = &self.certificate {
            if let Some(steps) = c.complete_within {
                let _ = writeln!(
                    s,
                    "proof: a complete unrolling: no execution reaches the error within {steps} steps, and none that still could goes on past them (checked again)"
                );
            }
            if let Some(k) = c.k_induction {
                let _ = writeln!(
                    s,
                    "proof: k-induction with k = {k}: no error within {k} steps, and {k} consecutive states within the invariants below never precede the error (checked again)"
                );
            }
            if !c.summaries.is_empty() {
                let _ = writeln!(s, "procedure summaries (checked with every call):");
                for f in &c.summaries {
                    let _ = writeln!(s, "  {} returns with: {}", f.function, f.summary);
                    let _ = writeln!(s, "  {} is called with: {}", f.function, f.context);
                }
            }
            if !c.loop_invariants.is_empty() {
                let _ = writeln!(s, "invariants:");
                for i in &c.loop_invariants {
                    let _ = writeln!(s, "  loop at {} in {}(): {}", i.at, i.function, i.invariant);
                }
            }
            if let Some(v) = &self.stats.validation {
                let instances = match v.with_instances {
                    0 => String::new(),
                    n => format!(", {n} of them given with their instances"),
                };
                let _ = writeln!(
                    s,
                    "validated: {} answered unsat to all {} queries of the certificate check{instances} ({:.2} s)",
                    v.solver, v.queries, v.time
                );
            }
        }
        if let (true, Some(pf)) = (with_stats, &self.portfolio) {
            let runs: Vec<String> = pf
                .members
                .iter()
                .map(|m| match (&m.reason, m.verdict) {
                    (Some(r), _) => format!("{} {} {:.2}s ({r})", m.name, m.verdict.as_str(), m.seconds),
                    (None, v) => format!("{} {} {:.2}s", m.name, v.as_str(), m.seconds),
                })
                .collect();
            let winner = pf.winner.as_deref().unwrap_or("no member");
            let _ = writeln!(s, "portfolio: {winner} answered, {} threads; {}", pf.jobs, runs.join("; "));
        }
        if let (true, Some(c)) = (with_stats, &self.cache) {
            let what = match c {
                crate::cache::Use::Hit => "hit (a stored answer, checked again)",
                crate::cache::Use::Miss => "miss",
                crate::cache::Use::Rejected => "rejected (the stored answer failed the check; verified again)",
            };
            let _ = writeln!(s, "cache: {what}");
        }
        if with_stats {
            let st = &self.stats;
            let o = &self.options;
            let _ = writeln!(
                s,
                "stats: engine={} post={} opt={} int={} locations={} (sliced {}) edges={} vars={} iterations={}{} check={:.3}s frontend={:.3}s engine={:.3}s",
                o.engine,
                o.post,
                o.opt,
                o.int,
                self.program.locations,
                self.program.sliced_locations,
                self.program.edges,
                self.program.variables,
                st.iterations,
                st.extras().iter().map(|(k, v)| format!(" {k}={v}")).collect::<String>(),
                st.check_time,
                self.time.frontend,
                self.time.engine
            );
            let m = &self.module;
            let _ = writeln!(
                s,
                "module: written by {}; read by LLVM {}; C compiled and replayed with {}",
                m.producer.as_deref().unwrap_or("an unnamed producer"),
                m.reader_llvm,
                m.clang
            );
            let tr = &self.approximations.translation;
            let _ = writeln!(
                s,
                "over-approximations: memory_loads={} unknown_calls={} undef={} other={} float_ops={}{}",
                tr.memory_loads,
                tr.unknown_calls,
                tr.undef_values,
                tr.other_havocs,
                tr.float_ops,
                self.approximations.operations.iter().map(|(k, v)| format!(" [{k}]={v}")).collect::<String>()
            );
        }
        s
    }
}

/// Two spaces a call level, at most ten levels.
fn indent(depth: usize) -> String {
    "  ".repeat(depth.min(10))
}
