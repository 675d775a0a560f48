//! SV-COMP verification witnesses (the formats of sosy-lab/sv-witnesses): a
//! violation witness for UNSAFE, a correctness witness for SAFE, in YAML format
//! 2.0 (`violation_sequence` / `invariant_set` entries) or GraphML format 1.0.
//!
//! The violation witness fixes the return value of every nondet call
//! (`function_return` waypoints, `\result == v` in ACSL, at the call's closing
//! parenthesis) and ends at the error call: the inputs are exactly the ones
//! the replay ran. The correctness witness lists the checked loop invariants
//! as C expressions over source variables (`explain::LoopInvariant::c_expression`,
//! weakened where C cannot express an atom), each at its loop's keyword:
//! the start of the loop's source range in clang's `llvm.loop` metadata,
//! which normalization keeps (`ir::Location::loop_start`), else found in the
//! source text ([`loop_start_in_text`]). Invariants belong to the optimized IR's loop heads; where
//! the optimized program's proof has none at the program's loops, the caller
//! passes the report of a proof at -O0 (`runner::witness_proof`).
//! Invariant: every location names the source position format 2.0 asks for
//! (checked against clang's AST in `tests/witness_locations.rs`).

use super::Report;
use crate::engines::Verdict;
use crate::error::SrcLoc;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The specification every witness refers to (SV-COMP `unreach-call`).
pub const SPECIFICATION: &str = "G ! call(reach_error())";
/// The same in GraphML's property syntax.
pub const SPECIFICATION_PRP: &str = "CHECK( init(main()), LTL(G ! call(reach_error())) )";

/// Witness file format (`--witness-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum WitnessFormat {
    /// YAML, format version 2.0.
    Yaml,
    /// GraphML, format version 1.0.
    Graphml,
}

/// The witness for a report, or why there is none: UNKNOWN (no claim, no
/// witness), or a counterexample whose target or inputs have no source line
/// (IR without debug information: a witness locates everything in C).
pub fn witness(r: &Report, format: WitnessFormat) -> Result<String, String> {
    if r.verdict == Verdict::Unknown {
        return Err("the answer is UNKNOWN".into());
    }
    if let Some(cex) = r.counterexample.as_ref().filter(|_| r.verdict == Verdict::Unsafe) {
        if !cex.target.is_known() || call_inputs(r).iter().any(|i| !i.at.is_known()) {
            return Err("the counterexample has no source lines (no debug information)".into());
        }
    }
    Ok(match format {
        WitnessFormat::Yaml => yaml(r),
        WitnessFormat::Graphml => graphml(r),
    })
}

/// The loop invariants of a SAFE report that a correctness witness lists:
/// those at a known source position with a C expression that says
/// something.
pub fn exported_invariants(r: &Report) -> impl Iterator<Item = &crate::explain::LoopInvariant> {
    r.certificate.iter().flat_map(|c| c.loop_invariants.iter()).filter(|i| i.at.is_known() && i.c_expression != "1")
}

/// Why a correctness witness of `r` lists no invariant for a loop that its
/// certificate constrains: one line per such loop (the issue-54 rule: an
/// invariant that cannot be mapped to the source is omitted and said so,
/// never written in a form that may not hold of the source).
pub fn omitted_invariants(r: &Report) -> Vec<String> {
    omissions(r.certificate.iter().flat_map(|c| c.loop_invariants.iter()))
}

fn omissions<'a>(invariants: impl Iterator<Item = &'a crate::explain::LoopInvariant>) -> Vec<String> {
    invariants
        // (an invariant whose C form is `1` without weakening is `true`)
        .filter(|i| i.c_expression != "1" || i.weakened)
        .filter_map(|i| {
            let why = if !i.at.is_known() {
                "the loop has no source position (IR without debug information)"
            } else if i.c_expression == "1" {
                "its invariant is over values C cannot name or express exactly"
            } else {
                return None;
            };
            let place = if i.at.is_known() { format!("{} ({})", i.at, i.location) } else { i.location.clone() };
            Some(format!("no invariant for the loop at {place}: {why}: {}", i.invariant))
        })
        .collect()
}

/// SHA-256 of a file's contents, in hex (empty if unreadable).
pub fn file_hash(path: &str) -> String {
    match std::fs::read(path) {
        Ok(bytes) => Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect(),
        Err(_) => String::new(),
    }
}

fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// The 1-based column of the `)` closing the call that starts at `at`, so that
/// a `function_return` waypoint points at the end of the call (format 2.0).
fn call_end(at: &SrcLoc) -> u32 {
    let Some(line) = crate::explain::source_line_raw(at) else { return at.col };
    let start = (at.col as usize).saturating_sub(1);
    let Some(rest) = line.get(start..) else { return at.col };
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return (start + i + 1) as u32;
                }
            }
            _ => {}
        }
    }
    at.col
}

/// Lines of the source above a loop head that [`loop_start_in_text`] reads for the
/// keyword of its loop.
const LOOP_LOOKBACK: u32 = 64;

/// Where the loop statement of the loop head at `at` starts, as format 2.0
/// locates a `loop_invariant`: the line and 1-based column of its keyword
/// (`while`, `for`, `do`). A keyword before `at` on its line (the head is
/// the loop's condition: `while (i < n)`); else the keyword that owns the
/// innermost block or parenthesis around `at` opened by a loop (the head is
/// the first statement of its body: `while (1) { if (...) break; ... }`,
/// `do { ... } while (c)`; or the condition of a header over several
/// lines); else the first loop keyword on the next three lines (a head
/// located at an instruction hoisted before its loop); else `at` itself.
fn loop_start_in_text(at: &SrcLoc) -> (u32, u32) {
    let Some(line) = crate::explain::source_line_raw(at) else { return (at.line, at.col) };
    // (a position without a column is the whole line)
    let upto = match at.col {
        0 => &line[..],
        col => line.get(..(col as usize - 1).min(line.len())).unwrap_or(&line),
    };
    if let Some(col) = ["while", "for", "do"].iter().filter_map(|k| words(upto, k).last()).max() {
        return (at.line, col as u32 + 1);
    }
    // the text before `at`, as (line, byte column, char), backwards
    let first = at.line.saturating_sub(LOOP_LOOKBACK).max(1);
    let mut text: Vec<(u32, usize, char)> = Vec::new();
    for n in first..=at.line {
        let l = if n == at.line {
            upto.to_string()
        } else {
            crate::explain::source_line_raw(&SrcLoc { line: n, ..at.clone() }).unwrap_or_default()
        };
        text.extend(l.char_indices().map(|(i, c)| (n, i, c)));
        text.push((n, l.len(), '\n'));
    }
    // (an unmatched `{` or `(` opens what `at` is in: a loop's body or header?)
    let (mut braces, mut parens) = (0usize, 0usize);
    for k in (0..text.len()).rev() {
        let owner = match text[k].2 {
            '}' => {
                braces += 1;
                continue;
            }
            ')' => {
                parens += 1;
                continue;
            }
            '{' if braces > 0 => {
                braces -= 1;
                continue;
            }
            '(' if parens > 0 => {
                parens -= 1;
                continue;
            }
            '{' | '(' => loop_keyword_before(&text[..k]),
            _ => continue,
        };
        if let Some((l, c)) = owner {
            return (l, c as u32 + 1);
        }
    }
    // (a head placed before its loop, at an instruction hoisted out of it:
    // the first loop keyword that follows on the next lines)
    for n in at.line + 1..=at.line + 3 {
        let Some(l) = crate::explain::source_line_raw(&SrcLoc { line: n, ..at.clone() }) else { break };
        if let Some(col) = ["while", "for", "do"].iter().filter_map(|k| words(&l, k).next()).min() {
            return (n, col as u32 + 1);
        }
    }
    (at.line, at.col)
}

/// The byte columns where the word `k` occurs in `s` (not inside a longer
/// identifier).
fn words<'a>(s: &'a str, k: &'a str) -> impl Iterator<Item = usize> + 'a {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    s.match_indices(k)
        .filter(move |(i, _)| {
            s[..*i].chars().next_back().is_none_or(|c| !ident(c))
                && s[i + k.len()..].chars().next().is_none_or(|c| !ident(c))
        })
        .map(|(i, _)| i)
}

/// The position of the loop keyword that owns a block or parenthesis
/// opened right after `text` (`while (...) {`, `for (...) {`, `do {`,
/// `for (`), if a loop owns it.
fn loop_keyword_before(text: &[(u32, usize, char)]) -> Option<(u32, usize)> {
    let mut k = text.len();
    let skip_space = |k: &mut usize| {
        while *k > 0 && text[*k - 1].2.is_whitespace() {
            *k -= 1;
        }
    };
    skip_space(&mut k);
    if k > 0 && text[k - 1].2 == ')' {
        let mut depth = 0usize;
        while k > 0 {
            k -= 1;
            match text[k].2 {
                ')' => depth += 1,
                '(' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        skip_space(&mut k);
    }
    let end = k;
    while k > 0 && (text[k - 1].2.is_alphanumeric() || text[k - 1].2 == '_') {
        k -= 1;
    }
    let word: String = text[k..end].iter().map(|t| t.2).collect();
    matches!(word.as_str(), "while" | "for" | "do").then(|| (text[k].0, text[k].1))
}

/// Where a loop invariant's loop starts: its keyword, where clang's
/// `llvm.loop` metadata recorded it (exact), else as [`loop_start_in_text`] finds it
/// in the source text (IR from another producer).
fn loop_position(i: &crate::explain::LoopInvariant) -> SrcLoc {
    match i.loop_start.as_ref().filter(|s| s.line > 0) {
        Some(at) => at.clone(),
        None => {
            let (line, col) = loop_start_in_text(&i.at);
            SrcLoc { line, col, ..i.at.clone() }
        }
    }
}

/// The location of a loop invariant ([`loop_position`]).
fn loop_location(i: &crate::explain::LoopInvariant) -> Value {
    let at = loop_position(i);
    location(&at, at.col, &i.function)
}

fn location(at: &SrcLoc, col: u32, function: &str) -> Value {
    json!({ "file_name": at.file, "line": at.line, "column": col.max(1), "function": function })
}

fn metadata(r: &Report, created: &str) -> Value {
    let hashes: serde_json::Map<String, Value> = r.files.iter().map(|f| (f.clone(), json!(file_hash(f)))).collect();
    json!({
        "format_version": "2.0",
        "uuid": uuid::Uuid::new_v4().to_string(),
        "creation_time": created,
        "producer": {
            "name": "ufo",
            "version": env!("CARGO_PKG_VERSION"),
            "configuration": configuration(r),
        },
        "task": {
            "input_files": r.files,
            "input_file_hashes": hashes,
            "specification": SPECIFICATION,
            "data_model": r.options.data_model,
            "language": "C",
        },
    })
}

fn configuration(r: &Report) -> String {
    let o = &r.options;
    format!("engine={} post={} opt={} int={}", o.engine, o.post, o.opt, o.int)
}

/// Nondet inputs that are return values of calls (not entry arguments).
fn call_inputs(r: &Report) -> Vec<&crate::trace::Input> {
    r.counterexample.iter().flat_map(|c| c.inputs.iter()).filter(|i| i.func.starts_with("__VERIFIER_nondet")).collect()
}

fn yaml(r: &Report) -> String {
    let created = now();
    let entry = match (&r.counterexample, r.verdict) {
        (Some(cex), Verdict::Unsafe) => {
            let mut segments: Vec<Value> = call_inputs(r)
                .iter()
                .map(|i| {
                    json!({ "segment": [{ "waypoint": {
                        "type": "function_return",
                        "action": "follow",
                        "location": location(&i.at, call_end(&i.at), &i.function),
                        "constraint": { "value": crate::program_inputs::result_constraint(i), "format": "acsl_expression" },
                    }}]})
                })
                .collect();
            segments.push(json!({ "segment": [{ "waypoint": {
                "type": "target",
                "action": "follow",
                "location": location(&cex.target, cex.target.col, &cex.target_function),
            }}]}));
            json!({ "entry_type": "violation_sequence", "metadata": metadata(r, &created), "content": segments })
        }
        _ => {
            let invariants: Vec<Value> = exported_invariants(r)
                .map(|i| {
                    json!({ "invariant": {
                        "type": "loop_invariant",
                        "location": loop_location(i),
                        "value": i.c_expression,
                        "format": "c_expression",
                    }})
                })
                .collect();
            json!({ "entry_type": "invariant_set", "metadata": metadata(r, &created), "content": invariants })
        }
    };
    // (the format's `creation_time` is a string: quoted, so that a YAML 1.1
    // reader does not take it for a timestamp)
    let text = serde_norway::to_string(&vec![entry]).unwrap_or_default();
    text.replacen(&format!("creation_time: {created}"), &format!("creation_time: '{created}'"), 1)
}

/// A GraphML document under construction.
struct Graph {
    w: quick_xml::Writer<Vec<u8>>,
}

impl Graph {
    fn start(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let mut e = BytesStart::new(name);
        for (k, v) in attrs {
            e.push_attribute((*k, *v));
        }
        let _ = self.w.write_event(Event::Start(e));
    }
    fn empty(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let mut e = BytesStart::new(name);
        for (k, v) in attrs {
            e.push_attribute((*k, *v));
        }
        let _ = self.w.write_event(Event::Empty(e));
    }
    fn end(&mut self, name: &str) {
        let _ = self.w.write_event(Event::End(BytesEnd::new(name)));
    }
    /// `<name attrs>text</name>`.
    fn element(&mut self, name: &str, attrs: &[(&str, &str)], text: &str) {
        self.start(name, attrs);
        let _ = self.w.write_event(Event::Text(BytesText::new(text)));
        self.end(name);
    }
    fn data(&mut self, key: &str, value: &str) {
        self.element("data", &[("key", key)], value);
    }
    fn node(&mut self, id: &str, data: &[(&str, &str)]) {
        self.start("node", &[("id", id)]);
        for (k, v) in data {
            self.data(k, v);
        }
        self.end("node");
    }
    fn edge(&mut self, from: &str, to: &str, data: &[(&str, &str)]) {
        self.start("edge", &[("source", from), ("target", to)]);
        for (k, v) in data {
            self.data(k, v);
        }
        self.end("edge");
    }
}

/// The keys a GraphML 1.0 witness declares: (id, for, type, default).
const KEYS: &[(&str, &str, &str, Option<&str>)] = &[
    ("witness-type", "graph", "string", None),
    ("sourcecodelang", "graph", "string", None),
    ("producer", "graph", "string", None),
    ("specification", "graph", "string", None),
    ("programfile", "graph", "string", None),
    ("programhash", "graph", "string", None),
    ("architecture", "graph", "string", None),
    ("creationtime", "graph", "string", None),
    ("entry", "node", "boolean", Some("false")),
    ("violation", "node", "boolean", Some("false")),
    ("invariant", "node", "string", None),
    ("invariant.scope", "node", "string", None),
    ("startline", "edge", "int", None),
    ("assumption", "edge", "string", None),
    ("assumption.scope", "edge", "string", None),
    ("assumption.resultfunction", "edge", "string", None),
    ("enterLoopHead", "edge", "boolean", Some("false")),
];

fn graphml(r: &Report) -> String {
    let mut g = Graph { w: quick_xml::Writer::new_with_indent(Vec::new(), b' ', 1) };
    let _ = g.w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), Some("no"))));
    g.start(
        "graphml",
        &[
            ("xmlns", "http://graphml.graphdrawing.org/xmlns"),
            ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
        ],
    );
    for (id, what, ty, default) in KEYS {
        let attrs = [("id", *id), ("attr.name", *id), ("attr.type", *ty), ("for", *what)];
        match default {
            Some(d) => {
                g.start("key", &attrs);
                g.element("default", &[], d);
                g.end("key");
            }
            None => g.empty("key", &attrs),
        }
    }
    g.start("graph", &[("edgedefault", "directed")]);
    let unsafe_ = r.verdict == Verdict::Unsafe;
    let file = r.files.first().cloned().unwrap_or_default();
    let producer = format!("ufo {} ({})", env!("CARGO_PKG_VERSION"), configuration(r));
    let arch = if r.options.data_model == "ILP32" { "32bit" } else { "64bit" };
    g.data("witness-type", if unsafe_ { "violation_witness" } else { "correctness_witness" });
    g.data("sourcecodelang", "C");
    g.data("producer", &producer);
    g.data("specification", SPECIFICATION_PRP);
    g.data("programfile", &file);
    g.data("programhash", &file_hash(&file));
    g.data("architecture", arch);
    g.data("creationtime", &now());
    g.node("N0", &[("entry", "true")]);
    if unsafe_ {
        let inputs = call_inputs(r);
        for (k, i) in inputs.iter().enumerate() {
            let (from, to) = (format!("N{k}"), format!("N{}", k + 1));
            g.node(&to, &[]);
            let line = i.at.line.to_string();
            let assumption = format!("{};", crate::program_inputs::result_constraint(i));
            g.edge(
                &from,
                &to,
                &[
                    ("startline", &line),
                    ("assumption", &assumption),
                    ("assumption.scope", &i.function),
                    ("assumption.resultfunction", &i.func),
                ],
            );
        }
        let last = format!("N{}", inputs.len());
        g.node("V", &[("violation", "true")]);
        let target = r.counterexample.as_ref().map(|c| c.target.line.to_string()).unwrap_or_default();
        g.edge(&last, "V", &[("startline", &target)]);
    } else {
        for (k, i) in exported_invariants(r).enumerate() {
            let id = format!("Q{k}");
            g.node(&id, &[("invariant", &i.c_expression), ("invariant.scope", &i.function)]);
            let line = loop_position(i).line.to_string();
            g.edge("N0", &id, &[("startline", &line), ("enterLoopHead", "true")]);
        }
    }
    g.end("graph");
    g.end("graphml");
    let mut out = String::from_utf8(g.w.into_inner()).unwrap_or_default();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A loop whose invariant the witness cannot carry is named with the
    /// reason; one it carries, or one the certificate leaves unconstrained
    /// (`1`), is not.
    #[test]
    fn an_omitted_invariant_is_said_with_its_reason() {
        let inv = |line, invariant: &str, c: &str| crate::explain::LoopInvariant {
            at: SrcLoc { file: "a.c".into(), line, col: 3 },
            loop_start: None,
            function: "main".into(),
            location: format!("bb{line}"),
            invariant: invariant.into(),
            c_expression: c.into(),
            weakened: c == "1",
        };
        let mut unconstrained = inv(7, "true", "1");
        unconstrained.weakened = false;
        let all = [inv(4, "x >= 0", "x >= 0"), unconstrained, inv(9, "tmp.3 > 2", "1"), inv(0, "i < n", "i < n")];
        let said = omissions(all.iter());
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[0].starts_with("no invariant for the loop at a.c:9:3 (bb9): its invariant is over values C cannot")
        );
        assert!(said[0].ends_with(": tmp.3 > 2"), "{}", said[0]);
        assert_eq!(
            said[1],
            "no invariant for the loop at bb0: the loop has no source position (IR without debug information): i < n"
        );
    }

    /// A loop invariant is located at its loop's keyword (format 2.0): on
    /// the head's line where the head is the condition, else at the loop
    /// that opens the innermost enclosing block (not an `if`'s block, not
    /// a loop closed before the head).
    #[test]
    fn a_loop_invariant_is_located_at_its_loop_keyword() {
        let dir = std::env::temp_dir().join(format!("ufo-witness-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("loops.c");
        let source = "int main(void) {\n\
                      \x20 int i = 0, n = 3;\n\
                      \x20 while (1) {\n\
                      \x20   if (i >= n)\n\
                      \x20     break;\n\
                      \x20   i++;\n\
                      \x20 }\n\
                      \x20 for (int j = 0; j < n; j++) { i--; }\n\
                      \x20 do {\n\
                      \x20   if (i) { i--; }\n\
                      \x20   n--;\n\
                      \x20 } while (n > 0);\n\
                      \x20 if (n) {\n\
                      \x20   n = 0;\n\
                      \x20 }\n\
                      \x20 for (int j = 0;\n\
                      \x20      j < n; j++)\n\
                      \x20   i++;\n\
                      }\n";
        std::fs::write(&file, source).unwrap();
        let at = |line, col| SrcLoc { file: file.to_string_lossy().into_owned(), line, col };
        // the first statement of `while (1)`'s body
        assert_eq!(loop_start_in_text(&at(4, 9)), (3, 3));
        // (a header over two lines)
        assert_eq!(loop_start_in_text(&at(17, 8)), (16, 3));
        // the condition of the `for`, on its line (or the line without a column)
        assert_eq!(loop_start_in_text(&at(8, 23)), (8, 3));
        assert_eq!(loop_start_in_text(&at(8, 0)), (8, 3));
        // the body of the `do` (past a closed `if` block)
        assert_eq!(loop_start_in_text(&at(11, 5)), (9, 3));
        // in no loop, no loop after it: the head itself
        assert_eq!(loop_start_in_text(&at(19, 1)), (19, 1));
        // before a loop (an instruction hoisted out of it): the loop after
        assert_eq!(loop_start_in_text(&at(2, 7)), (3, 3));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
