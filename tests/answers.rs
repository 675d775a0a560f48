//! Answers you can trust and read (issue 4): the independent certificate check
//! rejects broken certificates and names the failing edge; witnesses (YAML 2.0,
//! GraphML 1.0) and SARIF logs carry the required fields and agree with the
//! report; the text report of two small programs is stable (snapshots).

mod common;
use common::{assert_valid, root, ufo, verify};
use std::collections::{HashMap, HashSet};
use ufo::cfg::{slice, Wto};
use ufo::check::{self, CheckSetup};
use ufo::engines::{self, EngineConfig, EngineContext, Outcome, PostKind, Verdict};
use ufo::frontend::{build_program, DataModel, FrontendOptions, OptLevel};
use ufo::ir::{Expr, Program, Rel, VarId};
use ufo::smt::{Deadline, IntSemantics};

fn fig1_safe() -> (Program, Outcome) {
    let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
    let file = root().join("llvm-tests/fig1_safe.c").to_string_lossy().into_owned();
    let p = slice::slice(&build_program(&[file], &opts).expect("translates")).0;
    let cfg = EngineConfig::new(engines::ufo::Config {
        post: PostKind::True,
        od: false,
        max_iterations: Some(20),
        check_labels: false,
    });
    let out = engines::run(&cfg, &p, &EngineContext { sem: IntSemantics::Lia, deadline: &Deadline::none() });
    assert_eq!(out.verdict, Verdict::Safe);
    (p, out)
}

fn checked(p: &Program, mut out: Outcome) -> Outcome {
    let files = vec![root().join("llvm-tests/fig1_safe.c").to_string_lossy().into_owned()];
    let setup = CheckSetup {
        files: &files,
        sources: &[],
        data_model: DataModel::Lp64,
        entry: ufo::replay::Entry { name: "main".into(), params: vec![] },
        property: Default::default(),
        harness: None,
        limits: Default::default(),
        validate: false,
    };
    check::check(p, IntSemantics::Lia, &mut out, &setup, &Deadline::none());
    out
}

/// The loop head and its variable `x`.
fn head_and_x(p: &Program) -> (usize, VarId) {
    let wto = Wto::of_program(p);
    let head = (0..p.locs.len()).find(|l| wto.is_head[*l]).expect("a loop");
    let x = p.locs[head].live.iter().find(|v| p.var(**v).src_name.as_deref() == Some("x")).expect("x in scope");
    (head, *x)
}

/// `v >= k` for an `int` variable, as a certificate states it under `lia`.
fn at_least(p: &Program, v: VarId, k: i128) -> Expr {
    let a = Box::new(Expr::Value { signed: true, bits: 32, a: Box::new(Expr::Var(v, p.var(v).sort)) });
    Expr::Rel { rel: Rel::Ge, a, b: Box::new(Expr::Num(k)) }
}

/// fig1_safe.c's loop invariant as a C expression, from whichever portfolio
/// member answers first: intervals (`ai`, nearly always) or Spacer.
const FIG1_INVARIANTS: [&str; 2] =
    ["((long long)(int)i >= 0 && (long long)(int)x >= 0 && (long long)(int)x <= 2147483646)", "(long long)(int)x >= 0"];
#[test]
fn the_engines_certificate_passes_the_independent_check() {
    let (p, out) = fig1_safe();
    let out = checked(&p, out);
    assert_eq!(out.verdict, Verdict::Safe, "{:?}", out.reason);
    assert_eq!(out.certificate.expect("kept").invariants.len(), p.locs.len(), "an invariant per location");
}

/// Answers are plain data (DESIGN.md "Engines"): the certificate an engine
/// found in its thread's Z3 context is checked, and its invariants read, in
/// another thread with a context of its own.
#[test]
fn an_answer_found_on_one_thread_is_checked_and_reported_on_another() {
    let (p, out) = std::thread::spawn(fig1_safe).join().expect("the engine thread");
    let invariants = out.certificate.clone().expect("a certificate").invariants;
    let out = checked(&p, out);
    assert_eq!(out.verdict, Verdict::Safe, "{:?}", out.reason);
    let loops = ufo::explain::loop_invariants(&p, out.certificate.as_ref().unwrap());
    assert_eq!(loops.len(), 1);
    assert_eq!(loops[0].invariant, "x >= 0", "the paper's label, read on this thread");
    assert_eq!(invariants.len(), p.locs.len());
    // A certificate over a variable out of scope at its location is rejected,
    // not trusted (its lowering would need a fresh, unconstrained value).
    let (p, mut out) = fig1_safe();
    let (head, _) = head_and_x(&p);
    let outside =
        (0..p.vars.len() as u32).map(VarId).find(|v| !p.locs[head].live.contains(v)).expect("a dead variable");
    out.certificate.as_mut().unwrap().invariants[head] = at_least(&p, outside, 0);
    let out = checked(&p, out);
    assert_eq!(out.verdict, Verdict::Unknown);
    let why = out.reason.unwrap();
    assert!(why.starts_with("certificate rejected: the invariant at") && why.contains("is not exact"), "{why}");
}

#[test]
fn a_certificate_that_is_not_inductive_is_rejected_naming_the_edge() {
    let (p, mut out) = fig1_safe();
    let (head, x) = head_and_x(&p);
    // x >= 1 does not hold on entry to the loop (x = 0): consecution fails on
    // the edge into the loop head.
    out.certificate.as_mut().unwrap().invariants[head] = at_least(&p, x, 1);
    let out = checked(&p, out);
    assert_eq!(out.verdict, Verdict::Unknown);
    let why = out.reason.unwrap();
    assert!(why.starts_with("certificate rejected: consecution fails on the edge"), "{why}");
    assert!(why.contains(&format!("-> {}", p.locs[head].name)), "names the edge into the head: {why}");
}

#[test]
fn a_certificate_too_weak_to_exclude_the_error_is_rejected() {
    let (p, mut out) = fig1_safe();
    let (head, _) = head_and_x(&p);
    // `true` everywhere but at the error location: inductive, but the edges into
    // the error location are not excluded.
    let c = out.certificate.as_mut().unwrap();
    for (l, f) in c.invariants.iter_mut().enumerate() {
        if l != p.error.0 as usize {
            *f = Expr::Bool(true);
        }
    }
    let _ = head;
    let out = checked(&p, out);
    assert_eq!(out.verdict, Verdict::Unknown);
    let why = out.reason.unwrap();
    assert!(why.contains("consecution fails") && why.contains("-> ERROR"), "{why}");
}

#[test]
fn a_certificate_that_claims_the_error_location_is_rejected() {
    let (p, mut out) = fig1_safe();
    out.certificate.as_mut().unwrap().invariants[p.error.0 as usize] = Expr::Bool(true);
    let out = checked(&p, out);
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.reason.unwrap().contains("error location is not false"));
}

/// clang -O2 inlined a `reach_error` whose body is `abort()`: the error call is
/// gone, so the model has no error and the engine proves it unreachable. That
/// proof says nothing about the program; the answer must be UNKNOWN, naming why.
#[test]
fn an_error_function_inlined_beyond_recognition_blocks_safe() {
    let file = vec!["llvm-tests/inlined/abort_body.ll".to_string()];
    for opt in ["O0", "O2"] {
        let (code, r) = verify(&file, &["--opt", opt]);
        assert_eq!(r["verdict"], "UNKNOWN", "{r:#}");
        assert_eq!(code, 20);
        let reason = r["reason"].as_str().unwrap_or_default();
        assert!(reason.contains("reach_error() has a body") && reason.contains("inlined"), "{reason}");
    }
    // The engine itself does find no error: the guard, not the engine, decides.
    let opts = FrontendOptions { opt: OptLevel::O0, ..Default::default() };
    let p = build_program(&[root().join(&file[0]).to_string_lossy().into_owned()], &opts).expect("translates");
    assert!(p.safe_blocked.is_some());
    let cx = EngineContext { sem: IntSemantics::Lia, deadline: &Deadline::none() };
    assert_eq!(
        engines::run(&EngineConfig::new(engines::ufo::Config::new(PostKind::True)), &p, &cx).verdict,
        Verdict::Safe
    );
}

/// The same program compiled at -O0 keeps `reach_error` out of line
/// (`noinline`), so there is no hazard and the bug is found and replayed.
#[test]
fn an_error_function_kept_out_of_line_is_no_hazard() {
    let opts = FrontendOptions { opt: OptLevel::O2, ..Default::default() };
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("abort_body.c");
    std::fs::write(
        &c,
        "extern void abort(void);\nvoid reach_error() { abort(); }\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) { if (__VERIFIER_nondet_int() == 42) reach_error(); return 0; }\n",
    )
    .expect("write");
    let c = c.to_string_lossy().into_owned();
    assert!(build_program(std::slice::from_ref(&c), &opts).expect("translates").safe_blocked.is_none());
    let (code, r) = verify(&[c], &[]);
    assert_eq!((code, r["verdict"].as_str()), (10, Some("UNSAFE")), "{r:#}");
    assert_eq!(r["counterexample"]["replay"]["reached"], true);
    assert_eq!(r["counterexample"]["inputs"][0]["value"], 42);
}

fn sha256(path: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(std::fs::read(root().join(path)).unwrap()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Runs `ufo verify FILE --json ARGS` writing `--witness`/`--sarif` into a
/// temporary directory; returns the report and the written files.
fn verify_with_outputs(file: &str, args: &[&str]) -> (serde_json::Value, Option<String>, Option<String>) {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("witness");
    let s = dir.path().join("log.sarif");
    let mut all: Vec<&str> = args.to_vec();
    let (ws, ss) = (w.to_string_lossy().into_owned(), s.to_string_lossy().into_owned());
    all.extend(["--witness", &ws, "--sarif", &ss]);
    let (_, json) = verify(&[file.to_string()], &all);
    (json, std::fs::read_to_string(&w).ok(), std::fs::read_to_string(&s).ok())
}

fn yaml_to_json(text: &str) -> serde_json::Value {
    serde_norway::from_str(text).expect("the witness is YAML")
}

#[test]
fn counterexamples_have_small_inputs_where_the_path_allows_them() {
    // At -O2, Z3's first model of fig1_unsafe's ARG condition sets the loop
    // bound n near 2^31, which no replay finishes; the path only needs n >= 4.
    for engine in ["ufo", "bmc"] {
        let (code, json) = verify(&["llvm-tests/fig1_unsafe.c".into()], &["--opt", "O2", "--engine", engine]);
        assert_eq!(code, 10, "{engine}: {json}");
        assert_eq!(json["counterexample"]["replay"]["reached"], true);
        let n = json["counterexample"]["inputs"][0]["value"].as_i64().unwrap();
        assert!((4..=16).contains(&n), "{engine}: n = {n}");
    }
    // No input in [-16, 16] reaches this error: the next bounds are tried.
    let dir = tempfile::tempdir().unwrap();
    let prog = dir.path().join("far.c");
    std::fs::write(
        &prog,
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  \
         int x = __VERIFIER_nondet_int();\n  int y = __VERIFIER_nondet_int();\n  \
         if (x < -100 && y > 5) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let (code, json) = verify(&[prog.to_string_lossy().into_owned()], &[]);
    assert_eq!(code, 10, "{json}");
    assert_eq!(json["counterexample"]["replay"]["reached"], true);
    let values: Vec<i64> =
        json["counterexample"]["inputs"].as_array().unwrap().iter().map(|i| i["value"].as_i64().unwrap()).collect();
    assert!(values.len() == 2 && (-1024..=-101).contains(&values[0]) && (6..=1024).contains(&values[1]), "{values:?}");
}

#[test]
fn violation_witness_yaml_fixes_the_replayed_inputs_and_ends_at_the_error() {
    let file = "llvm-tests/fig1_unsafe.c";
    let (json, w, _) = verify_with_outputs(file, &["--opt", "O0"]);
    assert_eq!(json["verdict"], "UNSAFE");
    let text = w.expect("a witness was written");
    // (a string, quoted: a YAML 1.1 reader would take it for a timestamp)
    assert!(text.contains("creation_time: '"), "{text}");
    let w = yaml_to_json(&text);
    assert_valid("tests/schemas/witness-2.0.schema.json", &w, "violation witness");
    let entry = &w[0];
    assert_eq!(entry["entry_type"], "violation_sequence");
    assert_eq!(entry["metadata"]["task"]["input_file_hashes"][file], sha256(file));
    assert_eq!(entry["metadata"]["task"]["data_model"], "LP64");
    let segments = entry["content"].as_array().unwrap();
    let inputs = json["counterexample"]["inputs"].as_array().unwrap();
    assert_eq!(segments.len(), inputs.len() + 1, "one segment per input, then the target");
    for (seg, input) in segments.iter().zip(inputs) {
        let wp = &seg["segment"][0]["waypoint"];
        assert_eq!(wp["type"], "function_return");
        assert_eq!(wp["constraint"]["value"], format!("\\result == {}", input["value"]));
        assert_eq!(wp["constraint"]["format"], "acsl_expression", "a function return's constraint is ACSL");
        assert_eq!(wp["location"]["line"], input["at"]["line"]);
        // the column of the call's closing parenthesis: `__VERIFIER_nondet_int()`
        let line = std::fs::read_to_string(root().join(file)).unwrap().lines().nth(5).unwrap().to_string();
        let col = wp["location"]["column"].as_u64().unwrap() as usize;
        assert_eq!(&line[col - 1..col], ")", "{line}");
    }
    let target = &segments.last().unwrap()["segment"][0]["waypoint"];
    assert_eq!(target["type"], "target");
    assert_eq!(target["location"]["line"], 12, "reach_error() is on line 12");
}

#[test]
fn correctness_witness_yaml_lists_the_checked_loop_invariants() {
    let file = "llvm-tests/fig1_safe.c";
    let (json, w, _) = verify_with_outputs(file, &["--opt", "O0"]);
    assert_eq!(json["verdict"], "SAFE");
    let w = yaml_to_json(&w.expect("a witness was written"));
    assert_valid("tests/schemas/witness-2.0.schema.json", &w, "correctness witness");
    assert_eq!(w[0]["entry_type"], "invariant_set");
    let invs = w[0]["content"].as_array().unwrap();
    assert_eq!(invs.len(), 1, "{w:#}");
    let inv = &invs[0]["invariant"];
    assert_eq!(inv["type"], "loop_invariant");
    assert_eq!(inv["value"], json["certificate"]["loop_invariants"][0]["c_expression"]);
    assert!(FIG1_INVARIANTS.contains(&inv["value"].as_str().unwrap_or_default()), "{inv}");
    assert_eq!(
        (inv["location"]["line"].as_u64(), inv["location"]["column"].as_u64()),
        (Some(8), Some(3)),
        "the `while`"
    );
    let readable = json["certificate"]["loop_invariants"][0]["invariant"].as_str().unwrap_or_default();
    assert!(["(i >= 0 && x >= 0 && x <= 2147483646)", "x >= 0"].contains(&readable), "{readable}");
}

#[test]
fn unknown_answers_write_no_witness_and_say_why_in_sarif() {
    let (json, w, s) =
        verify_with_outputs("llvm-tests/nested_safe.c", &["--opt", "O0", "--engine", "ufo", "--max-iterations", "0"]);
    assert_eq!(json["verdict"], "UNKNOWN");
    assert!(w.is_none(), "no claim, no witness");
    let s: serde_json::Value = serde_json::from_str(&s.expect("a SARIF log")).unwrap();
    assert_valid("tests/schemas/sarif-2.1.0-required.schema.json", &s, "SARIF log");
    assert_eq!(s["runs"][0]["results"].as_array().unwrap().len(), 0);
    let note = s["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"].as_str().unwrap();
    assert!(note.starts_with("UNKNOWN: no answer after 0 refinements"), "{note}");
}

/// Reads a GraphML witness: graph data, node data, edges, declared keys.
struct GraphMl {
    keys: HashSet<String>,
    graph: HashMap<String, String>,
    nodes: HashMap<String, HashMap<String, String>>,
    edges: Vec<(String, String, HashMap<String, String>)>,
}

fn parse_graphml(text: &str) -> GraphMl {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_str(text);
    let mut g = GraphMl { keys: HashSet::new(), graph: HashMap::new(), nodes: HashMap::new(), edges: Vec::new() };
    let attr = |e: &quick_xml::events::BytesStart, k: &str| -> String {
        e.try_get_attribute(k)
            .unwrap()
            .map(|a| a.normalized_value(quick_xml::XmlVersion::Implicit1_0).unwrap().into_owned())
            .unwrap_or_default()
    };
    let (mut in_node, mut in_edge, mut key, mut text) = (None::<String>, false, None::<String>, String::new());
    loop {
        match r.read_event().expect("well-formed XML") {
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == "key" => {
                g.keys.insert(attr(&e, "id"));
            }
            Event::Start(e) if e.name().as_ref() == "node" => {
                let id = attr(&e, "id");
                g.nodes.insert(id.clone(), HashMap::new());
                in_node = Some(id);
            }
            Event::Start(e) if e.name().as_ref() == "edge" => {
                g.edges.push((attr(&e, "source"), attr(&e, "target"), HashMap::new()));
                in_edge = true;
            }
            Event::Start(e) if e.name().as_ref() == "data" => {
                key = Some(attr(&e, "key"));
                text.clear();
            }
            Event::Text(t) => text.push_str(&t.xml_content(quick_xml::XmlVersion::Implicit1_0)),
            Event::GeneralRef(r) => text.push_str(match r.xml_content(quick_xml::XmlVersion::Implicit1_0).as_ref() {
                "lt" => "<",
                "gt" => ">",
                "amp" => "&",
                "quot" => "\"",
                "apos" => "'",
                other => panic!("unexpected entity {other}"),
            }),
            Event::End(e) if e.name().as_ref() == "data" => {
                if let Some(k) = key.take() {
                    let v = std::mem::take(&mut text);
                    assert!(g.keys.contains(&k), "data key {k} is declared");
                    match (&in_node, in_edge) {
                        (Some(n), _) => {
                            g.nodes.get_mut(n).unwrap().insert(k, v);
                        }
                        (None, true) => {
                            g.edges.last_mut().unwrap().2.insert(k, v);
                        }
                        (None, false) => {
                            g.graph.insert(k, v);
                        }
                    }
                }
            }
            Event::End(e) if e.name().as_ref() == "node" => in_node = None,
            Event::End(e) if e.name().as_ref() == "edge" => in_edge = false,
            Event::Eof => break,
            _ => {}
        }
    }
    g
}

fn check_graphml_common(g: &GraphMl, file: &str, kind: &str) {
    for k in [
        "witness-type",
        "sourcecodelang",
        "producer",
        "specification",
        "programfile",
        "programhash",
        "architecture",
        "creationtime",
    ] {
        assert!(g.graph.contains_key(k), "graph data {k} is required");
    }
    assert_eq!(g.graph["witness-type"], kind);
    assert_eq!(g.graph["programhash"], sha256(file));
    assert_eq!(g.graph["architecture"], "64bit");
    let entries: Vec<_> = g.nodes.iter().filter(|(_, d)| d.get("entry").map(String::as_str) == Some("true")).collect();
    assert_eq!(entries.len(), 1, "exactly one entry node");
    for (s, t, _) in &g.edges {
        assert!(g.nodes.contains_key(s) && g.nodes.contains_key(t), "edge {s} -> {t} joins declared nodes");
    }
}

#[test]
fn graphml_witnesses_are_well_formed_automata() {
    let file = "llvm-tests/deep_bug_unsafe.c";
    let (json, w, _) = verify_with_outputs(file, &["--opt", "O0", "--witness-format", "graphml"]);
    assert_eq!(json["verdict"], "UNSAFE");
    let g = parse_graphml(&w.unwrap());
    check_graphml_common(&g, file, "violation_witness");
    let violation: Vec<_> =
        g.nodes.iter().filter(|(_, d)| d.get("violation").map(String::as_str) == Some("true")).collect();
    assert_eq!(violation.len(), 1, "one violation node");
    let assumptions: Vec<&String> = g.edges.iter().filter_map(|(_, _, d)| d.get("assumption")).collect();
    assert_eq!(assumptions, vec!["\\result == 7;"], "the one input that reaches the bug is k = 7");

    let file = "llvm-tests/fig1_safe.c";
    let (json, w, _) = verify_with_outputs(file, &["--opt", "O0", "--witness-format", "graphml"]);
    assert_eq!(json["verdict"], "SAFE");
    let g = parse_graphml(&w.unwrap());
    check_graphml_common(&g, file, "correctness_witness");
    assert!(g.nodes.values().all(|d| d.get("violation").is_none()));
    let invs: Vec<&String> = g.nodes.values().filter_map(|d| d.get("invariant")).collect();
    assert!(invs.len() == 1 && FIG1_INVARIANTS.contains(&invs[0].as_str()), "{invs:?}");
}

#[test]
fn sarif_reports_the_bug_with_its_code_flow() {
    let file = "llvm-tests/deep_bug_unsafe.c";
    let (json, _, s) = verify_with_outputs(file, &["--opt", "O0"]);
    assert_eq!(json["verdict"], "UNSAFE");
    let s: serde_json::Value = serde_json::from_str(&s.unwrap()).unwrap();
    assert_valid("tests/schemas/sarif-2.1.0-required.schema.json", &s, "SARIF log");
    let results = s["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    let r = &results[0];
    assert_eq!(r["ruleId"], s["runs"][0]["tool"]["driver"]["rules"][0]["id"]);
    let region = &r["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], json["counterexample"]["target"]["line"]);
    assert!(r["message"]["text"].as_str().unwrap().contains("__VERIFIER_nondet_int() = 7"));
    let flow = r["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
    assert_eq!(flow.len(), json["counterexample"]["path"].as_array().unwrap().len() + 1, "the path, then the error");
    // SAFE: no result
    let (_, _, s) = verify_with_outputs("llvm-tests/fig1_safe.c", &["--opt", "O0"]);
    let s: serde_json::Value = serde_json::from_str(&s.unwrap()).unwrap();
    assert_eq!(s["runs"][0]["results"].as_array().unwrap().len(), 0);
}

#[test]
fn the_json_schema_is_not_vacuous() {
    let (_, mut json) = verify(&["llvm-tests/fig1_safe.c".to_string()], &["--opt", "O0"]);
    json["verdict"] = serde_json::json!("UNSAFE");
    let text = std::fs::read_to_string(root().join("docs/report.schema.json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    assert!(!v.is_valid(&json), "UNSAFE without a counterexample must not validate");
    json["verdict"] = serde_json::json!("MAYBE");
    assert!(!v.is_valid(&json));
}

/// Compares the text report with `tests/snapshots/NAME.txt`; `UFO_BLESS=1`
/// rewrites the snapshot.
fn snapshot(name: &str, args: &[&str]) {
    let (_, out, _) = ufo(args);
    let path = root().join(format!("tests/snapshots/{name}.txt"));
    if std::env::var_os("UFO_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &out).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(out, expected, "text report of {args:?} differs from {}", path.display());
}

#[test]
fn text_report_snapshots() {
    snapshot("deep_bug_unsafe_O0", &["verify", "llvm-tests/deep_bug_unsafe.c", "--opt", "O0"]);
    // (one thread: the portfolio's first member, `ai`, answers; on two, a
    // Spacer member may win the race with another invariant)
    snapshot("fig1_safe_O0", &["verify", "llvm-tests/fig1_safe.c", "--opt", "O0", "--jobs", "1"]);
    snapshot("deep_bug_unsafe_O2", &["verify", "llvm-tests/deep_bug_unsafe.c"]);
    snapshot("c_scanf_unsafe_O2", &["verify", "llvm-tests/c/getchar_scanf_unsafe.c"]);
}
