//! The bench table: one line per category and a total, for one tool or for
//! several side by side (ufo and its baselines), with the CPU-time ratio of
//! the first tool to each other one on the tasks both solved. Markdown, so it reads in a terminal and
//! pastes into a report.

use super::score::{Row, Summary};
use std::collections::BTreeMap;
use std::fmt::Write;

/// How two tools' CPU times compare on the tasks both solved correctly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeRatio {
    /// Total time of the first over total time of the second (dominated by the slowest tasks).
    pub of_sums: f64,
    /// Geometric mean of the per-task ratios (what a typical task sees).
    pub geo_mean: f64,
    /// How many tasks both solved.
    pub tasks: usize,
}

/// Times below this (seconds) count as this in a ratio, so that a task one
/// tool answers instantly cannot make a ratio infinite.
const MIN_TIME: f64 = 1e-3;

/// The CPU-time ratio `first / second` over the tasks both solved correctly;
/// `None` if there are none.
pub fn time_ratio(first: &[&Row], second: &[&Row]) -> Option<TimeRatio> {
    let solved: BTreeMap<&str, f64> =
        second.iter().filter(|r| r.correct()).map(|r| (r.task.as_str(), r.cpu_time)).collect();
    let (mut a, mut b, mut logs, mut n) = (0.0, 0.0, 0.0, 0);
    for r in first.iter().filter(|r| r.correct()) {
        if let Some(t) = solved.get(r.task.as_str()) {
            a += r.cpu_time;
            b += t;
            logs += (r.cpu_time.max(MIN_TIME) / t.max(MIN_TIME)).ln();
            n += 1;
        }
    }
    (n > 0).then(|| TimeRatio { of_sums: a / b.max(MIN_TIME), geo_mean: (logs / n as f64).exp(), tasks: n })
}

fn cells(s: &Summary) -> String {
    format!(
        "{} | {} | {} | {} | {} | {:.1} | {}",
        s.correct_safe,
        s.correct_unsafe,
        s.wrong,
        s.unknown + s.memout,
        s.timeout,
        s.cpu_time,
        s.score
    )
}

/// Renders the table for `tools` (in that order) over `rows`.
pub fn render(rows: &[Row], tools: &[&str]) -> String {
    let mut cats: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in rows {
        cats.entry(r.category.as_str()).or_default().push(r);
    }
    let all: Vec<&Row> = rows.iter().collect();
    let mut out = String::new();
    let per_tool = "solved safe | solved unsafe | wrong | unknown | timeout | CPU time (s) | score";
    let mut head = "| category | tasks |".to_string();
    let mut rule = "|---|---:|".to_string();
    for t in tools {
        let _ =
            write!(head, " {} |", per_tool.split(" | ").map(|c| format!("{t}: {c}")).collect::<Vec<_>>().join(" | "));
        rule.push_str(&"---:|".repeat(7));
    }
    let a = tools.first().copied().unwrap_or_default();
    for b in tools.iter().skip(1) {
        // one baseline: "tasks both solved"; several: each pair named
        let both = if tools.len() == 2 { "tasks both solved".to_string() } else { format!("tasks {a} and {b} solved") };
        let _ = write!(head, " {both} | CPU time {a}/{b}: of the sums | {a}/{b}: per task, geometric mean |");
        rule.push_str(&"---:|".repeat(3));
    }
    let _ = writeln!(out, "{head}\n{rule}");
    let mut line = |name: &str, rs: &[&Row]| {
        let by_tool: Vec<Vec<&Row>> =
            tools.iter().map(|t| rs.iter().copied().filter(|r| r.tool == *t).collect()).collect();
        let tasks = by_tool.iter().map(|v| v.len()).max().unwrap_or(0);
        let _ = write!(out, "| {name} | {tasks} |");
        for v in &by_tool {
            let _ = write!(out, " {} |", cells(&Summary::of(v.iter().copied())));
        }
        for other in by_tool.iter().skip(1) {
            match time_ratio(&by_tool[0], other) {
                Some(r) => {
                    let _ = write!(out, " {} | {:.2} | {:.2} |", r.tasks, r.of_sums, r.geo_mean);
                }
                None => out.push_str(" 0 | – | – |"),
            }
        }
        out.push('\n');
    };
    for (c, rs) in &cats {
        line(c, rs);
    }
    line("**total**", &all);
    // (the first configuration's: a study's others are in its CSV and report)
    let first: Vec<Row> = rows.iter().filter(|r| Some(r.tool.as_str()) == tools.first().copied()).cloned().collect();
    out.push_str(&answered_by(&first));
    out.push_str(&time_spent(&first));
    out
}

/// Where ufo's time went, per category and for its SAFE and UNSAFE answers
/// (issue 43 §1): the process's CPU time (with every thread and child:
/// members, clang, the replay), and ufo's own clock of its phases (wall
/// seconds): the frontend, the engine, and of the engine the check of
/// answers. Rows without ufo's report (killed, crashed) count only their
/// CPU; a baseline's rows (no engine, no phase time: a CSV of before the
/// engine column has ufo's answers by their phase times) do not count.
/// Empty when no row has a phase time.
pub fn time_spent(rows: &[Row]) -> String {
    let ufo: Vec<&Row> = rows.iter().filter(|r| r.engine.is_some() || r.frontend_time.is_some()).collect();
    if ufo.iter().all(|r| r.engine_time.is_none()) {
        return String::new();
    }
    let mut groups: BTreeMap<String, Vec<&Row>> = BTreeMap::new();
    for r in &ufo {
        groups.entry(r.category.clone()).or_default().push(r);
    }
    let mut out = String::from(
        "\nWhere ufo's time went (CPU: the process with its threads and children; phases: ufo's wall clock):\n\n\
         | runs of | runs | CPU s | frontend s | engine s | of it, the check s | CPU per run s |\n|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut line = |name: &str, rs: &[&Row]| {
        let sum = |f: fn(&Row) -> Option<f64>| rs.iter().filter_map(|r| f(r)).fold(0.0, |a, b| a + b);
        let cpu = rs.iter().map(|r| r.cpu_time).fold(0.0, |a, b| a + b);
        let _ = writeln!(
            out,
            "| {name} | {} | {cpu:.1} | {:.1} | {:.1} | {:.1} | {:.2} |",
            rs.len(),
            sum(|r| r.frontend_time),
            sum(|r| r.engine_time),
            sum(|r| r.check_time),
            cpu / rs.len().max(1) as f64
        );
    };
    for (c, rs) in &groups {
        line(c, rs);
    }
    let safe: Vec<&Row> = ufo.iter().copied().filter(|r| r.correct() && r.expected_safe()).collect();
    let unsafe_: Vec<&Row> = ufo.iter().copied().filter(|r| r.correct() && !r.expected_safe()).collect();
    line("SAFE answers", &safe);
    line("UNSAFE answers", &unsafe_);
    line("**total**", &ufo);
    out
}

/// For a portfolio: which member's answer counted, per category (correct
/// answers only); empty when no row names a member.
pub fn answered_by(rows: &[Row]) -> String {
    let answered: Vec<&Row> = rows.iter().filter(|r| r.correct() && r.member.is_some()).collect();
    let members: std::collections::BTreeSet<&str> = answered.iter().filter_map(|r| r.member.as_deref()).collect();
    if members.is_empty() {
        return String::new();
    }
    let mut cats: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in &answered {
        cats.entry(r.category.as_str()).or_default().push(r);
    }
    let mut out = String::from("\nCorrect answers by the portfolio member that gave them:\n\n| category |");
    for m in &members {
        let _ = write!(out, " {m} |");
    }
    let _ = writeln!(out, "\n|---|{}", "---:|".repeat(members.len()));
    let mut line = |name: &str, rs: &[&Row]| {
        let _ = write!(out, "| {name} |");
        for m in &members {
            let _ = write!(out, " {} |", rs.iter().filter(|r| r.member.as_deref() == Some(*m)).count());
        }
        out.push('\n');
    };
    for (c, rs) in &cats {
        line(c, rs);
    }
    line("**total**", &answered);
    out
}

#[cfg(test)]
mod tests {
    use super::super::score::tests::row;
    use super::super::score::{Answer, Status};
    use super::*;

    fn tool(mut r: Row, t: &str) -> Row {
        r.tool = t.into();
        r
    }

    #[test]
    fn portfolio_answers_are_counted_by_member() {
        let mut a = row("loops/a", true, Answer::Safe, Status::Answered, 1.0);
        a.member = Some("spacer".into());
        let mut b = row("loops/b", false, Answer::Unsafe, Status::Answered, 1.0);
        b.member = Some("ufo".into());
        let mut c = row("locks/c", false, Answer::Safe, Status::Answered, 1.0);
        c.member = Some("ufo".into()); // wrong: not counted
        let t = answered_by(&[a, b, c]);
        assert!(t.contains("| category | spacer | ufo |"), "{t}");
        assert!(t.contains("| loops | 1 | 1 |"), "{t}");
        assert!(t.contains("| **total** | 1 | 1 |"), "{t}");
        assert!(!t.contains("| locks |"), "{t}");
        assert_eq!(answered_by(&[row("x/y", true, Answer::Safe, Status::Answered, 1.0)]), "");
    }

    /// The phases are summed per category and per kind of answer; CPU per run
    /// is the category's CPU over its runs; no phase time, no table.
    #[test]
    fn the_time_table_sums_the_phases_per_category_and_per_kind_of_answer() {
        let mut a = row("loops/a", true, Answer::Safe, Status::Answered, 1.0);
        (a.frontend_time, a.engine_time, a.check_time) = (Some(0.1), Some(0.5), Some(0.2));
        let mut b = row("loops/b", false, Answer::Unsafe, Status::Answered, 3.0);
        (b.frontend_time, b.engine_time, b.check_time) = (Some(0.3), Some(1.5), Some(1.0));
        let c = row("locks/c", false, Answer::Unknown, Status::Timeout, 60.0);
        // a baseline's row: no engine, no phase times
        let mut spacer = tool(a.clone(), "spacer");
        (spacer.engine, spacer.frontend_time, spacer.engine_time, spacer.check_time) = (None, None, None, None);
        let t = time_spent(&[a.clone(), b.clone(), c.clone(), spacer]);
        assert!(t.contains("| loops | 2 | 4.0 | 0.4 | 2.0 | 1.2 | 2.00 |"), "{t}");
        assert!(t.contains("| locks | 1 | 60.0 | 0.0 | 0.0 | 0.0 | 60.00 |"), "{t}");
        assert!(t.contains("| SAFE answers | 1 | 1.0 | 0.1 | 0.5 | 0.2 | 1.00 |"), "{t}");
        assert!(t.contains("| UNSAFE answers | 1 | 3.0 | 0.3 | 1.5 | 1.0 | 3.00 |"), "{t}");
        assert!(t.contains("| **total** | 3 | 64.0 |"), "{t}");
        assert_eq!(time_spent(&[c]), "");
    }

    #[test]
    fn one_tool_table_has_a_line_per_category_and_a_total() {
        let rows = vec![
            row("loops/a", true, Answer::Safe, Status::Answered, 1.0),
            row("loops/b", false, Answer::Unknown, Status::Timeout, 60.0),
            row("locks/c", false, Answer::Unsafe, Status::Answered, 0.5),
            row("locks/d", false, Answer::Safe, Status::Answered, 0.5),
        ];
        let t = render(&rows, &["ufo"]);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 5, "{t}");
        assert!(lines[0].starts_with("| category | tasks | ufo: solved safe | ufo: solved unsafe | ufo: wrong"));
        assert_eq!(lines[2], "| locks | 2 | 0 | 1 | 1 | 0 | 0 | 1.0 | -31 |");
        assert_eq!(lines[3], "| loops | 2 | 1 | 0 | 0 | 0 | 1 | 61.0 | 2 |");
        assert_eq!(lines[4], "| **total** | 4 | 1 | 1 | 1 | 0 | 1 | 62.0 | -29 |");
    }

    #[test]
    fn side_by_side_with_the_ratio_on_tasks_both_solved() {
        let rows = vec![
            tool(row("loops/a", true, Answer::Safe, Status::Answered, 1.0), "ufo"),
            tool(row("loops/a", true, Answer::Safe, Status::Answered, 4.0), "spacer"),
            tool(row("loops/b", true, Answer::Safe, Status::Answered, 3.0), "ufo"),
            tool(row("loops/b", true, Answer::Unknown, Status::Timeout, 60.0), "spacer"),
            tool(row("locks/c", true, Answer::Safe, Status::Answered, 1.0), "ufo"),
            tool(row("locks/c", true, Answer::Safe, Status::Answered, 4.0), "spacer"),
            tool(row("locks/d", true, Answer::Safe, Status::Answered, 36.0), "ufo"),
            tool(row("locks/d", true, Answer::Safe, Status::Answered, 1.0), "spacer"),
        ];
        let t = render(&rows, &["ufo", "spacer"]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(
            lines[0].ends_with(
                "| tasks both solved | CPU time ufo/spacer: of the sums | ufo/spacer: per task, geometric mean |"
            ),
            "{t}"
        );
        assert_eq!(
            lines[3],
            "| loops | 2 | 2 | 0 | 0 | 0 | 0 | 4.0 | 4 | 1 | 0 | 0 | 0 | 1 | 64.0 | 2 | 1 | 0.25 | 0.25 |"
        );
        // 37 s against 5 s in all; per task 1/4 and 36/1, whose geometric mean is 3.
        assert_eq!(
            lines[2],
            "| locks | 2 | 2 | 0 | 0 | 0 | 0 | 37.0 | 4 | 2 | 0 | 0 | 0 | 0 | 5.0 | 4 | 2 | 7.40 | 3.00 |"
        );
        let by = |t: &str| rows.iter().filter(|r| r.tool == t).collect::<Vec<_>>();
        let r = time_ratio(&by("ufo"), &by("spacer")).unwrap();
        assert_eq!((r.tasks, r.of_sums), (3, 38.0 / 9.0));
        assert!((r.geo_mean - (0.25f64 * 0.25 * 36.0).cbrt()).abs() < 1e-9);
        let loops_b = by("ufo").into_iter().filter(|r| r.task == "loops/b").collect::<Vec<_>>();
        assert_eq!(time_ratio(&loops_b, &by("spacer")), None);
    }

    #[test]
    fn two_baselines_each_get_the_first_tools_ratio() {
        let rows = vec![
            tool(row("loops/a", true, Answer::Safe, Status::Answered, 2.0), "ufo"),
            tool(row("loops/a", true, Answer::Safe, Status::Answered, 4.0), "spacer"),
            tool(row("loops/a", true, Answer::Safe, Status::Answered, 1.0), "golem"),
            tool(row("loops/b", true, Answer::Safe, Status::Answered, 3.0), "ufo"),
            tool(row("loops/b", true, Answer::Unknown, Status::Timeout, 60.0), "spacer"),
            tool(row("loops/b", true, Answer::Safe, Status::Answered, 3.0), "golem"),
        ];
        let t = render(&rows, &["ufo", "spacer", "golem"]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].contains("| tasks ufo and spacer solved | CPU time ufo/spacer: of the sums |"), "{t}");
        assert!(
            lines[0].ends_with(
                "| tasks ufo and golem solved | CPU time ufo/golem: of the sums | ufo/golem: per task, geometric mean |"
            ),
            "{t}"
        );
        // against spacer: loops/a only (2/4); against golem: both (5/4 summed, sqrt(2 * 1) per task)
        assert!(lines[2].ends_with("| 1 | 0.50 | 0.50 | 2 | 1.25 | 1.41 |"), "{t}");
        assert_eq!(lines[1].matches("---:|").count(), 1 + 3 * 7 + 2 * 3);
    }
}
