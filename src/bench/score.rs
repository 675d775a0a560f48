//! Scoring benchmark results the SV-COMP way: +2 for a correct SAFE (`true`),
//! +1 for a correct UNSAFE (`false`), −32 for a wrong SAFE, −16 for a wrong
//! UNSAFE, 0 for anything else; and the per-category summary a bench table
//! shows (solved safe/unsafe, wrong, unknown, timeout, CPU time, score).

use serde::{Deserialize, Serialize};

/// The answer of one tool on one task.
pub use crate::engines::Verdict as Answer;

/// Why there is no answer, or `Answered`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Answered,
    /// The time limit was reached (the tool said so, or it was killed).
    Timeout,
    /// The memory limit was reached.
    Memout,
    /// UNKNOWN for another reason (unsupported construct, failed check, crash).
    #[default]
    Unknown,
}

/// One tool's run on one task: a row of `--csv`/`--json`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Row {
    pub task: String,
    pub category: String,
    /// The configuration's label: `ufo` or a baseline's name in a run of
    /// one configuration; with several levels or engines, e.g. `ufo O0`,
    /// `ufo:bmc O2`, `spacer O2` ([`super::matrix`]).
    pub tool: String,
    /// `true`, `false` or `false(P)`, as in tasks.tsv.
    pub expected: String,
    pub verdict: Answer,
    /// ufo's UNSAFE in SV-COMP's words, `false(P)` (a baseline's: none).
    pub violated: Option<String>,
    pub status: Status,
    pub reason: String,
    pub cpu_time: f64,
    pub wall_time: f64,
    pub peak_memory_mb: f64,
    pub iterations: Option<u64>,
    pub arg_nodes: Option<u64>,
    /// The portfolio member whose answer counted (`--engine portfolio`).
    pub member: Option<String>,
    /// ufo's own clock (its JSON report's `time` and `stats.check_time`),
    /// seconds of wall time: the frontend, the engine (its members and the
    /// check of their answers), and of that the check (certificate, replay).
    pub frontend_time: Option<f64>,
    pub engine_time: Option<f64>,
    pub check_time: Option<f64>,
    /// The optimization level the program was verified at.
    #[serde(default)]
    pub opt: String,
    /// ufo's `--engine` (a baseline's row: none).
    #[serde(default)]
    pub engine: Option<String>,
    /// LLVM instructions of the module as read and after ufo's passes (its
    /// report's `program.ir_instructions`).
    #[serde(default)]
    pub ir_read: Option<u64>,
    #[serde(default)]
    pub ir_optimized: Option<u64>,
    /// The undefined behaviour the sanitizer reported on a counterexample's
    /// replay: `kind: message at file:line`.
    #[serde(default)]
    pub ub: Option<String>,
}

impl Row {
    pub fn expected_safe(&self) -> bool {
        self.expected == "true"
    }

    /// Right: SAFE on a `true` task; UNSAFE on a `false` one, violating the
    /// property the task names if it names one (`false(valid-free)`), or
    /// one of those it names (`false(valid-free|valid-memtrack)`), and the
    /// answer says which.
    pub fn correct(&self) -> bool {
        match self.verdict {
            Answer::Safe => self.expected_safe(),
            Answer::Unsafe => !self.expected_safe() && self.violated.as_deref().is_none_or(|v| self.names(v)),
            Answer::Unknown => false,
        }
    }

    /// Whether `violated` (`false(valid-free)`) is a violation the expected
    /// verdict allows.
    fn names(&self, violated: &str) -> bool {
        let property = |v: &str| v.strip_prefix("false(").and_then(|r| r.strip_suffix(')')).map(str::to_string);
        match (property(&self.expected), property(violated)) {
            (None, _) => self.expected == "false",
            (Some(expected), Some(v)) => expected.split('|').any(|one| one == v),
            (Some(_), None) => false,
        }
    }

    pub fn wrong(&self) -> bool {
        self.verdict != Answer::Unknown && !self.correct()
    }
}

/// The SV-COMP score of one answer.
pub fn score(expected_safe: bool, verdict: Answer) -> i64 {
    match (verdict, expected_safe) {
        (Answer::Safe, true) => 2,
        (Answer::Unsafe, false) => 1,
        (Answer::Safe, false) => -32,
        (Answer::Unsafe, true) => -16,
        (Answer::Unknown, _) => 0,
    }
}

/// The totals of one tool over a set of rows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub tasks: usize,
    pub correct_safe: usize,
    pub correct_unsafe: usize,
    pub wrong: usize,
    /// UNKNOWN other than timeouts and memouts.
    pub unknown: usize,
    pub timeout: usize,
    pub memout: usize,
    /// CPU seconds over all tasks.
    pub cpu_time: f64,
    /// CPU seconds over the correctly solved tasks.
    pub cpu_time_solved: f64,
    pub score: i64,
}

impl Summary {
    pub fn add(&mut self, r: &Row) {
        self.tasks += 1;
        self.cpu_time += r.cpu_time;
        // an UNSAFE naming another property than the task's is wrong (SV-COMP)
        self.score += match (r.verdict, r.wrong()) {
            (Answer::Unsafe, true) => score(true, Answer::Unsafe),
            _ => score(r.expected_safe(), r.verdict),
        };
        if r.correct() {
            self.cpu_time_solved += r.cpu_time;
            if r.verdict == Answer::Safe {
                self.correct_safe += 1;
            } else {
                self.correct_unsafe += 1;
            }
        } else if r.wrong() {
            self.wrong += 1;
        } else {
            match r.status {
                Status::Timeout => self.timeout += 1,
                Status::Memout => self.memout += 1,
                _ => self.unknown += 1,
            }
        }
    }

    pub fn solved(&self) -> usize {
        self.correct_safe + self.correct_unsafe
    }

    pub fn of<'a>(rows: impl IntoIterator<Item = &'a Row>) -> Summary {
        let mut s = Summary::default();
        for r in rows {
            s.add(r);
        }
        s
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn row(task: &str, expected: bool, verdict: Answer, status: Status, cpu: f64) -> Row {
        Row {
            task: task.into(),
            category: task.split('/').next().unwrap().into(),
            tool: "ufo".into(),
            expected: if expected { "true" } else { "false" }.into(),
            verdict,
            status,
            reason: String::new(),
            cpu_time: cpu,
            wall_time: cpu,
            peak_memory_mb: 10.0,
            violated: None,
            iterations: None,
            arg_nodes: None,
            member: None,
            frontend_time: None,
            engine_time: None,
            check_time: None,
            opt: "O2".into(),
            engine: Some("portfolio".into()),
            ir_read: None,
            ir_optimized: None,
            ub: None,
        }
    }

    #[test]
    fn an_unsafe_answer_must_name_the_violated_property_the_task_names() {
        let mut r = row("m/a", false, Answer::Unsafe, Status::Answered, 1.0);
        r.expected = "false(valid-deref)".into();
        r.violated = Some("false(valid-free)".into());
        assert!(r.wrong() && !r.correct());
        let mut s = Summary::default();
        s.add(&r);
        assert_eq!((s.wrong, s.score), (1, -16));
        r.violated = Some("false(valid-deref)".into());
        assert!(r.correct());
        // a task that names no property, and a baseline that names none
        r.expected = "false".into();
        assert!(r.correct());
        (r.expected, r.violated) = ("false(valid-free)".into(), None);
        assert!(r.correct());
        // a task whose program violates two (its label names one)
        r.expected = "false(valid-memtrack|valid-free)".into();
        for (v, right) in [("false(valid-free)", true), ("false(valid-memtrack)", true), ("false(valid-deref)", false)]
        {
            r.violated = Some(v.into());
            assert_eq!((r.correct(), r.wrong()), (right, !right), "{v}");
        }
    }

    #[test]
    fn sv_comp_scores() {
        assert_eq!(score(true, Answer::Safe), 2);
        assert_eq!(score(false, Answer::Unsafe), 1);
        assert_eq!(score(false, Answer::Safe), -32);
        assert_eq!(score(true, Answer::Unsafe), -16);
        assert_eq!(score(true, Answer::Unknown), 0);
        assert_eq!(score(false, Answer::Unknown), 0);
    }

    #[test]
    fn summary_counts_each_row_once() {
        let rows = [
            row("a/1", true, Answer::Safe, Status::Answered, 1.0),
            row("a/2", false, Answer::Unsafe, Status::Answered, 2.0),
            row("a/3", true, Answer::Unsafe, Status::Answered, 3.0),
            row("a/4", false, Answer::Safe, Status::Answered, 4.0),
            row("a/5", true, Answer::Unknown, Status::Timeout, 60.0),
            row("a/6", true, Answer::Unknown, Status::Unknown, 0.5),
            row("a/7", false, Answer::Unknown, Status::Memout, 7.0),
        ];
        let s = Summary::of(&rows);
        assert_eq!(
            s,
            Summary {
                tasks: 7,
                correct_safe: 1,
                correct_unsafe: 1,
                wrong: 2,
                unknown: 1,
                timeout: 1,
                memout: 1,
                cpu_time: 77.5,
                cpu_time_solved: 3.0,
                score: 2 + 1 - 16 - 32,
            }
        );
        assert_eq!(s.solved(), 2);
    }
}
