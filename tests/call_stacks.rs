//! Call stacks in counterexamples (issue 44 §3): every step of a path says
//! which calls it is in (from the debug locations' `inlinedAt` chains that
//! inlining leaves) with what arguments and, where the path leaves it, what
//! it returned; the JSON schema has them, and the text report shows each
//! call entered and left.

mod common;
use common::*;
use serde_json::Value;

/// The functions on a step's stack, outermost first.
fn stack(step: &Value) -> Vec<String> {
    step["calls"].as_array().unwrap().iter().map(|c| c["function"].as_str().unwrap().to_string()).collect()
}

#[test]
fn a_bug_two_calls_deep_shows_both_calls_and_their_positions() {
    let file = "tests/data/call_stacks/nested_bug.c".to_string();
    for opt in ["O0", "O2"] {
        let (code, json) = verify(std::slice::from_ref(&file), &["--opt", opt]);
        check_answer("UNSAFE", &json, code, &format!("nested_bug -{opt}"));
        let path = json["counterexample"]["path"].as_array().unwrap();
        // the failing assert is in check(), called by scale() at line 10, called by main at line 16
        let last = path.last().unwrap();
        assert_eq!(last["at"]["line"], 5, "-{opt}: {last:#}");
        assert_eq!(stack(last), ["scale", "check"], "-{opt}: {last:#}");
        let lines: Vec<i64> =
            last["calls"].as_array().unwrap().iter().map(|c| c["at"]["line"].as_i64().unwrap()).collect();
        assert_eq!(lines, [16, 10], "-{opt}: {last:#}");
        // and what each was called with: scale(x = 4), check(v = 12); at
        // -O2 the optimizer may leave a parameter without a value
        let args: Vec<&Value> = last["calls"].as_array().unwrap().iter().map(|c| &c["args"]).collect();
        let expected =
            [serde_json::json!([{"name": "x", "value": 4}]), serde_json::json!([{"name": "v", "value": 12}])];
        for (got, want) in args.iter().zip(&expected) {
            if opt == "O0" || got.as_array().is_some_and(|a| !a.is_empty()) {
                assert_eq!(*got, want, "-{opt}: {last:#}");
            }
        }
        // the nondet input is read in main, outside every call
        let first = &path[0];
        assert_eq!((first["at"]["line"].as_i64(), stack(first).len()), (Some(15), 0), "-{opt}: {first:#}");
    }
    let (_, text, _) = ufo(&["verify", &file, "--opt", "O0"]);
    let calls = text.find("-> scale(x = 4) called at").expect(&text);
    let inner = text.find("-> check(v = 12) called at").expect(&text);
    assert!(calls < inner, "{text}");
}

#[test]
fn recursion_copied_to_a_bound_shows_its_depth() {
    let file = "tests/data/recursion/fib_bug.c".to_string();
    // (120 s: 26 s to 39 s here beside the other tests)
    let (code, json) = verify(&[file], &["--opt", "O0", "--timeout", "120"]);
    check_answer("UNSAFE", &json, code, "fib_bug -O0");
    let path = json["counterexample"]["path"].as_array().unwrap();
    let deepest = path.iter().map(|s| stack(s).len()).max().unwrap();
    // fib(7) == 13: its calls nest at least as deep as fib(7) -> fib(6) -> ...
    assert!(deepest >= 3, "{path:#?}");
    for s in path {
        assert!(stack(s).iter().all(|f| f == "fib"), "{s:#}");
    }
    // each frame says its n: one less or two less than its caller's
    let deepest = path.iter().max_by_key(|s| stack(s).len()).unwrap();
    let ns: Vec<i64> =
        deepest["calls"].as_array().unwrap().iter().map(|c| c["args"][0]["value"].as_i64().expect("fib's n")).collect();
    assert!(ns.windows(2).all(|w| w[0] - w[1] == 1 || w[0] - w[1] == 2), "{ns:?}");
    // and each frame the path leaves says what it returned: fib of its n
    // (`call_results`), the outermost fib(7) = 13, which fails the assertion
    let fib = |n: i64| (0..n).fold((0i64, 1i64), |(a, b), _| (b, a + b)).0;
    let mut returned = 0;
    for s in path {
        for c in s["calls"].as_array().unwrap() {
            if let (Some(n), Some(r)) = (c["args"][0]["value"].as_i64(), c["result"].as_i64()) {
                assert_eq!(r, fib(n), "fib({n}) returned {r}: {s:#}");
                returned += 1;
            }
        }
    }
    assert!(returned > 0, "no frame with its result: {path:#?}");
    let outer: Vec<i64> = path.iter().filter_map(|s| s["calls"][0]["result"].as_i64()).collect();
    assert!(outer.contains(&13), "the outermost call returns 13: {outer:?}");
    let (_, text, _) = ufo(&["verify", "tests/data/recursion/fib_bug.c", "--opt", "O0", "--timeout", "120"]);
    assert!(text.contains("<- fib() returns 13"), "{text}");
}
