//! The bench table: one line per category and a total, for one tool or for
//! several side by side (ufo and the Spacer baseline), with the CPU-time ratio
//! on the tasks both tools solved. Markdown, so it reads in a terminal and
//! pastes into a report.

use super::score::{Row, Summary};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The CPU-time ratio `first / second` over the tasks both solved correctly,
/// and how many those are; `None` if there are none.
pub fn time_ratio(first: &[&Row], second: &[&Row]) -> Option<(f64, usize)> {
    let solved: BTreeMap<&str, f64> =
        second.iter().filter(|r| r.correct()).map(|r| (r.task.as_str(), r.cpu_time)).collect();
    let (mut a, mut b, mut n) = (0.0, 0.0, 0);
    for r in first.iter().filter(|r| r.correct()) {
        if let Some(t) = solved.get(r.task.as_str()) {
            a += r.cpu_time;
            b += t;
            n += 1;
        }
    }
    (n > 0).then(|| (a / b.max(1e-3), n))
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
    if tools.len() == 2 {
        let _ = write!(head, " CPU time {}/{} (tasks both solved) |", tools[0], tools[1]);
        rule.push_str("---:|");
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
        if tools.len() == 2 {
            match time_ratio(&by_tool[0], &by_tool[1]) {
                Some((r, n)) => {
                    let _ = write!(out, " {r:.2} ({n}) |");
                }
                None => out.push_str(" – |"),
            }
        }
        out.push('\n');
    };
    for (c, rs) in &cats {
        line(c, rs);
    }
    line("**total**", &all);
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
        ];
        let t = render(&rows, &["ufo", "spacer"]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].ends_with("| CPU time ufo/spacer (tasks both solved) |"), "{t}");
        assert_eq!(lines[2], "| loops | 2 | 2 | 0 | 0 | 0 | 0 | 4.0 | 4 | 1 | 0 | 0 | 0 | 1 | 64.0 | 2 | 0.25 (1) |");
        let by = |t: &str| rows.iter().filter(|r| r.tool == t).collect::<Vec<_>>();
        assert_eq!(time_ratio(&by("ufo"), &by("spacer")), Some((0.25, 1)));
        assert_eq!(time_ratio(&by("ufo")[1..], &by("spacer")), None);
    }
}
