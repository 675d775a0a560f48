//! The HTML report of a bench run (issue 53 §2): one self-contained file
//! (inline CSS, SVG and a small script; nothing fetched) with the summary
//! per category and configuration, the quantile plot, pairwise scatter
//! plots of CPU time, the tasks whose answer changes between optimization
//! levels with the evidence that explains it, and the table of every task.
//!
//! The plots follow BenchExec's table-generator and SV-COMP's result
//! pages: the quantile plot draws, for each configuration, the CPU time of
//! its n-th fastest correct answer against n (log time axis); a scatter
//! plot puts each task at (CPU of A, CPU of B), log-log, with the tasks
//! only one of them solved at the time limit's edge. Plots are SVG drawn
//! by `plotters`.
//!
//! Invariants: the page reads without JavaScript (every scatter plot is
//! shown, the tables are plain tables; the script only picks the pair and
//! sorts and filters the task table); it is well-formed XML (the test
//! parses it), and it names no external URL (the SVG namespace attribute,
//! which HTML does not need, is dropped).

use super::score::{Answer, Row, Status, Summary};
use super::table::time_ratio;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Colours of the configurations' lines and marks, in table order.
const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

fn esc(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

/// The shortest time a log axis shows (an instant answer sits on it).
const MIN_TIME: f64 = 0.01;

/// Drops what inline SVG in HTML does not need (the namespace URL).
fn inline(svg: String) -> String {
    svg.replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1)
}

/// The quantile plot: for each configuration, the CPU time of its n-th
/// fastest correct answer against n.
pub fn quantile_plot(rows: &[Row], tools: &[&str]) -> String {
    let series: Vec<Vec<f64>> = tools
        .iter()
        .map(|t| {
            let mut v: Vec<f64> =
                rows.iter().filter(|r| r.tool == *t && r.correct()).map(|r| r.cpu_time.max(MIN_TIME)).collect();
            v.sort_by(f64::total_cmp);
            v
        })
        .collect();
    let n = series.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let top = series.iter().flatten().copied().fold(1.0, f64::max) * 1.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 440)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let chart = ChartBuilder::on(&root)
            .caption("Quantile plot: CPU time of the n-th fastest correct answer", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..(n as f64 * 1.05), (MIN_TIME..top).log_scale());
        if let Ok(mut chart) = chart {
            let _ = chart.configure_mesh().x_desc("correct answers (n)").y_desc("CPU time (s)").draw();
            for (i, (t, v)) in tools.iter().zip(&series).enumerate() {
                let c = colour(i);
                let points = v.iter().enumerate().map(|(k, &s)| ((k + 1) as f64, s));
                if let Ok(s) = chart.draw_series(LineSeries::new(points.clone(), c.stroke_width(2))) {
                    s.label(format!("{t} ({})", v.len()))
                        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
                }
                let _ = chart.draw_series(points.map(|p| Circle::new(p, 2, c.filled())));
            }
            let _ = chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.9))
                .border_style(BLACK)
                .draw();
        }
        let _ = root.present();
    }
    inline(svg)
}

/// The scatter plot of configurations `a` (x) and `b` (y): a point per
/// task both ran; a task only one solved correctly sits at `limit` for the
/// other, drawn as a cross.
pub fn scatter_plot(rows: &[Row], a: &str, b: &str, limit: f64) -> String {
    let of = |t: &str| -> BTreeMap<&str, &Row> {
        rows.iter().filter(|r| r.tool == t).map(|r| (r.task.as_str(), r)).collect()
    };
    let (xs, ys) = (of(a), of(b));
    let time = |r: &Row| if r.correct() { r.cpu_time.max(MIN_TIME) } else { limit };
    let (mut both, mut one) = (Vec::new(), Vec::new());
    for (task, ra) in &xs {
        let Some(rb) = ys.get(task) else { continue };
        match (ra.correct(), rb.correct()) {
            (true, true) => both.push((time(ra), time(rb))),
            (false, false) => {}
            _ => one.push((time(ra), time(rb))),
        }
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (460, 460)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let range = || (MIN_TIME..limit * 1.2).log_scale();
        let chart = ChartBuilder::on(&root)
            .caption(format!("CPU time (s): {a} against {b}"), ("sans-serif", 15))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(55)
            .build_cartesian_2d(range(), range());
        if let Ok(mut chart) = chart {
            let _ = chart.configure_mesh().x_desc(a).y_desc(b).draw();
            let _ =
                chart.draw_series(LineSeries::new([(MIN_TIME, MIN_TIME), (limit * 1.2, limit * 1.2)], BLACK.mix(0.4)));
            let _ = chart.draw_series(both.iter().map(|&p| Circle::new(p, 3, colour(0).filled())));
            let _ = chart.draw_series(one.iter().map(|&p| Cross::new(p, 4, colour(1).stroke_width(2))));
        }
        let _ = root.present();
    }
    inline(svg)
}

fn summary_table(rows: &[Row], tools: &[&str]) -> String {
    let mut cats: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in rows {
        cats.entry(r.category.as_str()).or_default().push(r);
    }
    let mut out = String::from(
        "<table class=\"summary\"><thead><tr><th>category</th><th>configuration</th><th>tasks</th>\
         <th>solved</th><th>safe</th><th>unsafe</th><th>wrong</th><th>unknown</th><th>timeout</th>\
         <th>score</th><th>CPU s</th><th>CPU/first, per task</th></tr></thead><tbody>\n",
    );
    let all: Vec<&Row> = rows.iter().collect();
    let groups = cats.iter().map(|(c, v)| (c.to_string(), v.clone())).chain([("total".to_string(), all)]);
    for (cat, rs) in groups {
        let first: Vec<&Row> = rs.iter().copied().filter(|r| Some(r.tool.as_str()) == tools.first().copied()).collect();
        for (i, t) in tools.iter().enumerate() {
            let mine: Vec<&Row> = rs.iter().copied().filter(|r| r.tool == *t).collect();
            let s = Summary::of(mine.iter().copied());
            let ratio = match (i, time_ratio(&mine, &first)) {
                (0, _) => "–".to_string(),
                (_, Some(r)) => format!("{:.2} ({} tasks)", r.geo_mean, r.tasks),
                (_, None) => "–".to_string(),
            };
            let class = if cat == "total" { " class=\"total\"" } else { "" };
            let _ = writeln!(
                out,
                "<tr{class}><td>{}</td><td><span class=\"key\" style=\"background:{}\"></span>{}</td><td>{}</td>\
                 <td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{:.1}</td><td>{ratio}</td></tr>",
                esc(&cat),
                hex(colour(i)),
                esc(t),
                s.tasks,
                s.solved(),
                s.correct_safe,
                s.correct_unsafe,
                if s.wrong > 0 { "wrong" } else { "" },
                s.wrong,
                s.unknown + s.memout,
                s.timeout,
                s.score,
                s.cpu_time
            );
        }
    }
    out.push_str("</tbody></table>\n");
    out
}

fn hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// What one cell says, short: `SAFE`, `UNSAFE`, `timeout`, `unknown`, and
/// `WRONG` before a wrong answer.
fn outcome(r: &Row) -> String {
    let what = match (r.verdict, r.status) {
        (Answer::Unknown, Status::Timeout) => "timeout",
        (Answer::Unknown, Status::Memout) => "memout",
        (Answer::Unknown, _) => "unknown",
        (v, _) => v.as_str(),
    };
    if r.wrong() {
        format!("WRONG {what}")
    } else {
        what.to_string()
    }
}

fn class_of(r: &Row) -> &'static str {
    if r.wrong() {
        "wrong"
    } else if r.correct() {
        "correct"
    } else {
        "unknown"
    }
}

/// A task whose answer changes between levels, for one engine.
#[derive(Clone, Debug)]
pub struct Change<'a> {
    pub task: &'a str,
    pub engine: String,
    /// The rows at each level, in level order.
    pub rows: Vec<&'a Row>,
    pub explanation: String,
}

/// The tasks whose verdict or solvability differs between the levels of
/// one ufo engine, each with its explanation: SAFE at one level and UNSAFE
/// at another are both checked answers, so the compiled programs differ (the
/// UB the sanitizer saw on the UNSAFE replay, when it saw one, is why);
/// solved at some levels only is named with the other levels' reasons and
/// the IR sizes.
pub fn changes(rows: &[Row]) -> Vec<Change<'_>> {
    let mut by: BTreeMap<(&str, &str), Vec<&Row>> = BTreeMap::new();
    for r in rows {
        if let Some(e) = &r.engine {
            by.entry((r.task.as_str(), e.as_str())).or_default().push(r);
        }
    }
    let mut out = Vec::new();
    for ((task, engine), rs) in by {
        let levels: std::collections::BTreeSet<&str> = rs.iter().map(|r| r.opt.as_str()).collect();
        if levels.len() < 2 {
            continue;
        }
        let verdicts: std::collections::BTreeSet<&str> = rs.iter().map(|r| r.verdict.as_str()).collect();
        let solved: std::collections::BTreeSet<bool> = rs.iter().map(|r| r.correct()).collect();
        if verdicts.len() < 2 && solved.len() < 2 {
            continue;
        }
        let at = |v: Answer| rs.iter().filter(|r| r.verdict == v).map(|r| r.opt.as_str()).collect::<Vec<_>>();
        let (safe, unsafe_) = (at(Answer::Safe), at(Answer::Unsafe));
        let size = |r: &Row| match (r.ir_read, r.ir_optimized) {
            (Some(a), Some(b)) => format!("{}: {a} → {b} IR instructions", r.opt),
            _ => format!("{}: IR size not reported", r.opt),
        };
        let sizes = rs.iter().map(|r| size(r)).collect::<Vec<_>>().join("; ");
        let explanation = if !safe.is_empty() && !unsafe_.is_empty() {
            let ub = rs.iter().filter_map(|r| r.ub.as_deref().map(|u| format!("{} ({})", u, r.opt))).next();
            format!(
                "SAFE at {} (its invariant checked), UNSAFE at {} (its trace replayed): the optimizer changed what \
                 the program does, which for C means undefined behaviour on that path. {} {sizes}.",
                safe.join(", "),
                unsafe_.join(", "),
                match ub {
                    Some(u) => format!("The sanitizer saw it on the replay: {u}."),
                    None => "The sanitizer named none on the replay (an uninitialized value or an infinite loop \
                             without side effects are the usual other causes)."
                        .to_string(),
                }
            )
        } else {
            let (yes, no): (Vec<&Row>, Vec<&Row>) = rs.iter().partition(|r| r.correct());
            let why = no
                .iter()
                .map(|r| {
                    let reason = if r.reason.is_empty() { outcome(r) } else { r.reason.clone() };
                    format!("{}: {}", r.opt, reason)
                })
                .collect::<Vec<_>>()
                .join("; ");
            let wrong = no.iter().any(|r| r.wrong());
            format!(
                "{} at {} only ({why}){}. {sizes}.",
                if wrong { "Correct" } else { "Solved" },
                if yes.is_empty() {
                    "no level".to_string()
                } else {
                    yes.iter().map(|r| r.opt.as_str()).collect::<Vec<_>>().join(", ")
                },
                if wrong { "; a WRONG answer is a bug of ufo's" } else { "" }
            )
        };
        out.push(Change { task, engine: engine.to_string(), rows: rs, explanation });
    }
    out
}

fn changes_section(rows: &[Row]) -> String {
    let levels: std::collections::BTreeSet<&str> =
        rows.iter().filter(|r| r.engine.is_some()).map(|r| r.opt.as_str()).collect();
    if levels.len() < 2 {
        return "<p>One optimization level in this run: nothing to compare (run with <code>--levels O0,O2</code>).</p>\n".into();
    }
    let cs = changes(rows);
    if cs.is_empty() {
        return "<p>Every task has the same answer at every level.</p>\n".into();
    }
    let mut out = format!(
        "<p>{} task(s) whose answer changes between levels.</p>\n<table class=\"changes\"><thead><tr><th>task</th>\
         <th>engine</th><th>expected</th><th>answers</th><th>why</th></tr></thead><tbody>\n",
        cs.len()
    );
    for c in &cs {
        let answers = c
            .rows
            .iter()
            .map(|r| {
                format!(
                    "<span class=\"{}\">{}: {} ({:.1} s)</span>",
                    class_of(r),
                    esc(&r.opt),
                    esc(&outcome(r)),
                    r.cpu_time
                )
            })
            .collect::<Vec<_>>()
            .join("<br/>");
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{answers}</td><td>{}</td></tr>",
            esc(c.task),
            esc(&c.engine),
            esc(&c.rows[0].expected),
            esc(&c.explanation)
        );
    }
    out.push_str("</tbody></table>\n");
    out
}

fn task_table(rows: &[Row], tools: &[&str]) -> String {
    let mut tasks: Vec<(&str, &str)> = Vec::new();
    for r in rows {
        if !tasks.iter().any(|(t, _)| *t == r.task) {
            tasks.push((r.task.as_str(), r.expected.as_str()));
        }
    }
    let cell: BTreeMap<(&str, &str), &Row> = rows.iter().map(|r| ((r.task.as_str(), r.tool.as_str()), r)).collect();
    let mut out = String::from(
        "<p><input id=\"filter\" type=\"search\" placeholder=\"filter tasks (text or regular expression)\"/> \
         <span class=\"hint\">click a column's head to sort</span></p>\n<table id=\"tasks\" class=\"tasks\"><thead><tr>\
         <th>task</th><th>expected</th>",
    );
    for t in tools {
        let _ = write!(out, "<th>{}</th><th>{} CPU s</th>", esc(t), esc(t));
    }
    out.push_str("</tr></thead><tbody>\n");
    for (task, expected) in tasks {
        let _ = write!(out, "<tr><td>{}</td><td>{}</td>", esc(task), esc(expected));
        for t in tools {
            match cell.get(&(task, *t)) {
                Some(r) => {
                    let title =
                        if r.reason.is_empty() { String::new() } else { format!(" title=\"{}\"", esc(&r.reason)) };
                    let _ = write!(
                        out,
                        "<td class=\"{}\"{title}>{}</td><td class=\"num\">{:.2}</td>",
                        class_of(r),
                        esc(&outcome(r)),
                        r.cpu_time
                    );
                }
                None => out.push_str("<td>–</td><td></td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}h1{font-size:1.5em}h2{margin-top:1.6em}\
table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}\
th{background:#eee;cursor:pointer}tr.total td{font-weight:bold;border-bottom:2px solid #888}\
td.correct{color:#060}td.wrong,span.wrong,td.wrong{color:#fff;background:#c00}td.unknown,span.unknown{color:#777}\
span.correct{color:#060}td.num{text-align:right}.key{display:inline-block;width:.8em;height:.8em;margin-right:.4em}\
figure{display:inline-block;margin:.5em}.hint{color:#777;font-size:.85em}";

/// Picks the scatter pair, sorts the task table by a clicked column,
/// filters it by the text in the box; without it, the page shows all.
const SCRIPT: &str = r#"//<![CDATA[
(function(){
var sel=document.getElementById('pair');
if(sel){var show=function(){var figs=document.querySelectorAll('figure.scatter');
for(var i=0;i!==figs.length;i++){figs[i].style.display=(figs[i].id===sel.value)?'inline-block':'none';}};
sel.addEventListener('change',show);sel.style.display='inline';show();}
var table=document.getElementById('tasks');if(!table){return;}
var body=table.tBodies[0];
var heads=table.tHead.rows[0].cells;
for(var c=0;c!==heads.length;c++){(function(col){var asc=true;heads[col].addEventListener('click',function(){
var rows=Array.prototype.slice.call(body.rows);
rows.sort(function(a,b){var x=a.cells[col].textContent,y=b.cells[col].textContent;
var nx=parseFloat(x),ny=parseFloat(y);var d=(isNaN(nx)||isNaN(ny))?x.localeCompare(y):nx-ny;return asc?d:-d;});
asc=!asc;rows.forEach(function(r){body.appendChild(r);});});})(c);}
var box=document.getElementById('filter');
box.addEventListener('input',function(){var re;try{re=new RegExp(box.value,'i');}catch(e){re=null;}
Array.prototype.forEach.call(body.rows,function(r){var t=r.textContent;
r.style.display=(re?re.test(t):t.indexOf(box.value)!==-1)?'':'none';});});
})();
//]]>"#;

/// The whole report of `rows` for the configurations `tools` (in that
/// order); `settings` says how the run was made.
pub fn report(rows: &[Row], tools: &[&str], settings: &str) -> String {
    let limit = rows.iter().map(|r| r.cpu_time).fold(1.0, f64::max).max(1.0);
    let mut out = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>");
    let _ = writeln!(out, "<title>ufo bench: {}</title><style>{STYLE}</style></head><body>", esc(&tools.join(", ")));
    let _ = writeln!(out, "<h1>ufo bench report</h1>\n<p>{}</p>", esc(settings));
    let _ = writeln!(
        out,
        "<p>Configurations: {}. Scored as SV-COMP does: +2 a correct SAFE, +1 a correct UNSAFE, −32 a wrong SAFE, \
         −16 a wrong UNSAFE. CPU time counts the process with its threads and children.</p>",
        tools
            .iter()
            .enumerate()
            .map(|(i, t)| format!("<span class=\"key\" style=\"background:{}\"></span>{}", hex(colour(i)), esc(t)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    out.push_str("<h2 id=\"summary\">Summary</h2>\n");
    out.push_str(&summary_table(rows, tools));
    out.push_str("<h2 id=\"quantile\">Quantile plot</h2>\n<figure class=\"quantile\">");
    out.push_str(&quantile_plot(rows, tools));
    out.push_str("</figure>\n<h2 id=\"scatter\">Scatter plots</h2>\n");
    let pairs: Vec<(&str, &str)> =
        tools.iter().enumerate().flat_map(|(i, a)| tools.iter().skip(i + 1).map(move |b| (*a, *b))).collect();
    if pairs.is_empty() {
        out.push_str("<p>One configuration: no pair to compare.</p>\n");
    } else {
        out.push_str(
            "<p>A dot per task both answered correctly, a cross per task only one did (drawn at the longest time of \
             the run for the other); below the diagonal the second configuration was faster.</p>\n<p>\
             <select id=\"pair\" style=\"display:none\">",
        );
        for (k, (a, b)) in pairs.iter().enumerate() {
            let _ = write!(out, "<option value=\"pair{k}\">{} against {}</option>", esc(a), esc(b));
        }
        out.push_str("</select></p>\n");
        for (k, (a, b)) in pairs.iter().enumerate() {
            let _ =
                writeln!(out, "<figure class=\"scatter\" id=\"pair{k}\">{}</figure>", scatter_plot(rows, a, b, limit));
        }
    }
    out.push_str("<h2 id=\"changes\">Answers that change between optimization levels</h2>\n");
    out.push_str(&changes_section(rows));
    out.push_str("<h2 id=\"tasks\">Tasks</h2>\n");
    out.push_str(&task_table(rows, tools));
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::score::tests::row;
    use super::*;

    fn at(mut r: Row, tool: &str, opt: &str) -> Row {
        (r.tool, r.opt) = (tool.to_string(), opt.to_string());
        r
    }

    fn matrix() -> Vec<Row> {
        let mut o0 = at(row("ub/signed_overflow", true, Answer::Unsafe, Status::Answered, 0.4), "ufo O0", "O0");
        o0.expected = "false".into();
        o0.ub = Some(
            "signed-overflow: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int' at s.c:7"
                .into(),
        );
        (o0.ir_read, o0.ir_optimized) = (Some(40), Some(38));
        let mut o2 = at(row("ub/signed_overflow", false, Answer::Safe, Status::Answered, 0.3), "ufo O2", "O2");
        (o2.ir_read, o2.ir_optimized) = (Some(40), Some(9));
        let mut slow = at(row("loops/count", true, Answer::Unknown, Status::Timeout, 60.0), "ufo O0", "O0");
        slow.reason = "timeout".into();
        let fast = at(row("loops/count", true, Answer::Safe, Status::Answered, 2.0), "ufo O2", "O2");
        let same0 = at(row("loops/same", true, Answer::Safe, Status::Answered, 1.0), "ufo O0", "O0");
        let same2 = at(row("loops/same", true, Answer::Safe, Status::Answered, 0.5), "ufo O2", "O2");
        vec![o0, o2, slow, fast, same0, same2]
    }

    #[test]
    fn a_verdict_that_changes_with_the_level_is_explained_by_its_ub() {
        let rows = matrix();
        let cs = changes(&rows);
        assert_eq!(cs.iter().map(|c| c.task).collect::<Vec<_>>(), ["loops/count", "ub/signed_overflow"]);
        let ub = &cs[1];
        assert!(ub.explanation.contains("SAFE at O2") && ub.explanation.contains("UNSAFE at O0"), "{}", ub.explanation);
        assert!(ub.explanation.contains("2147483647 + 1"), "{}", ub.explanation);
        assert!(ub.explanation.contains("O2: 40 → 9 IR instructions"), "{}", ub.explanation);
        assert!(cs[0].explanation.starts_with("Solved at O2 only (O0: timeout)"), "{}", cs[0].explanation);
    }

    #[test]
    fn the_report_is_well_formed_self_contained_and_names_every_configuration() {
        let rows = matrix();
        let html = report(&rows, &["ufo O0", "ufo O2"], "test run");
        // well-formed: every element closed, as an XML parser reads it
        let mut reader = quick_xml::Reader::from_str(html.trim_start_matches("<!DOCTYPE html>\n"));
        let mut depth = 0i64;
        loop {
            match reader.read_event().unwrap_or_else(|e| panic!("not well-formed: {e}")) {
                quick_xml::events::Event::Start(_) => depth += 1,
                quick_xml::events::Event::End(_) => depth -= 1,
                quick_xml::events::Event::Eof => break,
                _ => {}
            }
        }
        assert_eq!(depth, 0);
        assert!(
            !html.contains("http://") && !html.contains("https://") && !html.contains("src="),
            "an external reference"
        );
        for t in ["ufo O0", "ufo O2"] {
            assert!(html.matches(t).count() >= 4, "{t} named in the summary, plots and tables");
        }
        assert!(html.contains("<svg") && html.contains("Quantile plot") && html.contains("ufo O0 against ufo O2"));
        assert!(html.contains("2147483647 + 1"), "the UB explanation is listed");
        // the quantile plot has a line per configuration in its colour (and
        // its legend mark), through its two correct answers
        let q = quantile_plot(&rows, &["ufo O0", "ufo O2"]);
        for c in ["#1F77B4", "#D62728"] {
            let lines: Vec<&str> = q.lines().filter(|l| l.contains("<polyline") && l.contains(c)).collect();
            assert_eq!(lines.len(), 2, "{c}: {q}");
            assert!(
                lines.iter().any(|l| l
                    .split("points=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .count()
                    == 2),
                "{lines:?}"
            );
        }
    }
}
