//! Members in processes of their own (issue 43 §2, `member`): a member
//! whose process aborts, dies of SIGSEGV or hangs in native code is that
//! member's UNKNOWN, naming what happened, while another member's checked
//! answer wins; a cancelled or overdue member process is killed and reaped,
//! and none is left behind, whether forked (the default) or started as
//! `ufo member`. The faults are the test-only `UFO_TEST_MEMBER_FAULT`.

mod common;

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Runs `ufo verify --json ARGS` with `fault` and a tag in the environment
/// of ufo and its children; returns the report, the wall time, and the
/// processes still alive afterwards that carry the tag.
fn verify(fault: &str, args: &[&str]) -> (serde_json::Value, Duration, Vec<String>) {
    verify_members("fork", fault, args)
}

/// [`verify`] with member processes forked (`fork`, the default) or started
/// as `ufo member` (`exec`, as a member run again under `bv` is).
fn verify_members(how: &str, fault: &str, args: &[&str]) -> (serde_json::Value, Duration, Vec<String>) {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let tag = format!("isolation-{}-{}", std::process::id(), RUNS.fetch_add(1, Ordering::SeqCst));
    let t = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_ufo"))
        .args(["verify", "--json"])
        .args(args)
        .env("UFO_TEST_MEMBER_FAULT", fault)
        .env("UFO_MEMBERS", how)
        .env("UFO_TEST_TAG", &tag)
        .current_dir(common::root())
        .output()
        .expect("ufo runs");
    let took = t.elapsed();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON report");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("ASSERTION"),
        "nothing of Z3 on stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (report, took, tagged(&format!("UFO_TEST_TAG={tag}")))
}

/// The processes whose environment has `entry`.
fn tagged(entry: &str) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(env) = std::fs::read(e.path().join("environ")) else { continue };
        if env.split(|b| *b == 0).any(|kv| kv == entry.as_bytes()) {
            let cmd = std::fs::read_to_string(e.path().join("cmdline")).unwrap_or_default();
            out.push(format!("{}: {}", e.file_name().to_string_lossy(), cmd.replace('\0', " ")));
        }
    }
    out
}

/// What the portfolio's member `name` did: (verdict, reason).
fn member(report: &serde_json::Value, name: &str) -> (String, String) {
    let m = report["portfolio"]["members"].as_array().unwrap().iter().find(|m| m["name"] == name).unwrap();
    (m["verdict"].as_str().unwrap().to_string(), m["reason"].as_str().unwrap_or("").to_string())
}

const BUG: &str = "tests/data/isolation_bug.c";

#[test]
fn a_member_that_dies_of_sigsegv_is_its_unknown_and_another_answer_wins() {
    let (r, _, left) = verify("spacer:segv", &[BUG, "--portfolio", "spacer,ufo", "--jobs", "2", "--timeout", "60"]);
    assert_eq!(r["verdict"], "UNSAFE", "{r}");
    assert_eq!(r["portfolio"]["winner"], "ufo");
    assert_eq!(r["counterexample"]["replay"]["reached"], true, "{}", r["counterexample"]["replay"]);
    let (verdict, reason) = member(&r, "spacer");
    assert_eq!(verdict, "UNKNOWN");
    assert_eq!(reason, "the member process was killed by signal SIGSEGV (11)");
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_started_member_process_that_dies_of_sigsegv_is_its_unknown_too() {
    let args = [BUG, "--portfolio", "spacer,ufo", "--jobs", "2", "--timeout", "60"];
    let (r, _, left) = verify_members("exec", "spacer:segv", &args);
    assert_eq!((r["verdict"].as_str(), r["portfolio"]["winner"].as_str()), (Some("UNSAFE"), Some("ufo")), "{r}");
    assert_eq!(member(&r, "spacer").1, "the member process was killed by signal SIGSEGV (11)");
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_member_that_aborts_is_its_unknown_and_the_run_goes_on_with_the_next() {
    // one thread: the aborting member runs first, the next one after it
    let (r, _, left) = verify("ufo:abort", &[BUG, "--portfolio", "ufo,spacer", "--jobs", "1", "--timeout", "60"]);
    assert_eq!(r["verdict"], "UNSAFE", "{r}");
    assert_eq!(r["portfolio"]["winner"], "spacer");
    assert_eq!(member(&r, "ufo"), ("UNKNOWN".into(), "the member process was killed by signal SIGABRT (6)".into()));
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_member_hung_in_native_code_is_killed_when_another_wins_and_nothing_is_left() {
    // ufo first: it hangs through its head start, then spacer starts and wins
    let (r, took, left) = verify("ufo:hang", &[BUG, "--portfolio", "ufo,spacer", "--jobs", "2", "--timeout", "60"]);
    assert_eq!(r["verdict"], "UNSAFE", "{r}");
    assert_eq!(r["portfolio"]["winner"], "spacer");
    assert_eq!(member(&r, "ufo"), ("UNKNOWN".into(), "cancelled".into()));
    assert!(took < Duration::from_secs(20), "the hung member was not killed at the win: {took:?}");
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_member_hung_past_its_deadline_is_killed_and_the_answer_says_timeout() {
    let (r, took, left) = verify("bmc:hang", &[BUG, "--engine", "bmc", "--timeout", "2"]);
    assert_eq!(r["verdict"], "UNKNOWN", "{r}");
    assert!(r["reason"].as_str().unwrap().starts_with("timeout"), "{}", r["reason"]);
    assert!(took < Duration::from_secs(15), "killed {took:?} after the start (2 s limit)");
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn every_answer_of_a_member_process_is_the_checked_answer_of_the_engine() {
    // no fault: each Z3 member alone, in its process, answers as on a thread
    for engine in ["ufo", "spacer", "bmc"] {
        let (r, _, _) = verify("", &[BUG, "--engine", engine, "--timeout", "60"]);
        assert_eq!(r["verdict"], "UNSAFE", "{engine}: {r}");
        assert_eq!(r["counterexample"]["replay"]["reached"], true, "{engine}");
        assert!(r["stats"]["iterations"].as_u64().unwrap() >= 1, "{engine}: its statistics came back: {}", r["stats"]);
    }
    let (r, _, _) = verify("", &["tests/data/isolation_safe.c", "--engine", "spacer", "--timeout", "60"]);
    assert_eq!(r["verdict"], "SAFE", "{r}");
    let locations = r["certificate"]["locations"].as_array().expect("a certificate");
    assert!(locations.iter().any(|l| l["smtlib"] != "true" && l["smtlib"] != "false"), "{}", r["certificate"]);
}

#[test]
fn members_that_never_start_leave_no_process() {
    // one thread: spacer answers first; ufo and bmc are never forked
    let (r, _, left) = verify("", &[BUG, "--portfolio", "spacer,ufo,bmc", "--jobs", "1", "--timeout", "60"]);
    assert_eq!((r["verdict"].as_str(), r["portfolio"]["winner"].as_str()), (Some("UNSAFE"), Some("spacer")), "{r}");
    let ran: Vec<&str> =
        r["portfolio"]["members"].as_array().unwrap().iter().filter_map(|m| m["name"].as_str()).collect();
    assert_eq!(ran, ["spacer"]);
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// The kilobytes of `field` (`Pss:`) in `/proc/PID/smaps_rollup`.
fn rollup_kb(pid: u32, field: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    let line = text.lines().find(|l| l.starts_with(field)).unwrap_or_default();
    line.get(field.len()..).unwrap_or_default().trim().trim_end_matches("kB").trim().parse().unwrap_or(0)
}

/// The memory `pid` and its descendants hold together, in MiB: the sum of
/// their proportional set sizes (a page two processes share counts half in
/// each, so the sum is what the tree holds).
fn tree_mib(pid: u32) -> u64 {
    let mut kb = rollup_kb(pid, "Pss:");
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).map(|d| d.flatten().collect()).unwrap_or(Vec::new());
    for task in tasks {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        kb += children.split_whitespace().filter_map(|c| c.parse().ok()).map(|c: u32| tree_mib(c) * 1024).sum::<u64>();
    }
    kb / 1024
}

/// Issue 55 §2: a member that allocates without end (the test-only `hog`,
/// which never looks at a token or a bound) is killed at its share of
/// `--memory`, is its own UNKNOWN "out of memory", and another member's
/// checked answer wins; the run's processes together never hold more than
/// the bound (sampled every 5 ms). Forked and started member processes alike.
#[test]
fn a_member_past_its_memory_share_is_its_unknown_and_the_run_stays_within_the_bound() {
    const BOUND: u64 = 1000;
    for how in ["fork", "exec"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ufo"))
            .args(["verify", "--json", BUG, "--portfolio", "spacer,ufo", "--jobs", "2", "--timeout", "60"])
            .args(["--memory", &BOUND.to_string()])
            .env("UFO_TEST_MEMBER_FAULT", "spacer:hog")
            .env("UFO_MEMBERS", how)
            .current_dir(common::root())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("ufo runs");
        let mut peak = 0;
        while child.try_wait().expect("ufo is waited for").is_none() {
            peak = peak.max(tree_mib(child.id()));
            std::thread::sleep(Duration::from_millis(5));
        }
        let out = child.wait_with_output().expect("its report");
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON report");
        assert_eq!(
            (r["verdict"].as_str(), r["portfolio"]["winner"].as_str()),
            (Some("UNSAFE"), Some("ufo")),
            "{how}: {r}"
        );
        assert_eq!(r["counterexample"]["replay"]["reached"], true, "{how}");
        let (verdict, reason) = member(&r, "spacer");
        assert_eq!(verdict, "UNKNOWN");
        assert!(reason.starts_with("out of memory: the member held "), "{how}: {reason}");
        assert!(reason.contains("MiB share of --memory"), "{how}: {reason}");
        // the hog got past a hundred MiB: the share, not a crash, stopped it
        let held: u64 = reason["out of memory: the member held ".len()..].split(' ').next().unwrap().parse().unwrap();
        assert!(held >= 100, "{how}: {reason}");
        assert!(peak <= BOUND, "{how}: the run's processes held {peak} MiB together, more than --memory {BOUND}");
        assert!(peak >= held, "{how}: sampled {peak} MiB, below the {held} MiB the member held");
    }
}

/// Z3's own memory bound in a member process (`memory_max_size`, the
/// share on top of what Z3 held when the member started): Spacer on a
/// task it cannot prove within the 64 MiB a member gets of `--memory 100`
/// ends as that member's UNKNOWN "out of memory" long before the time limit,
/// and is not run again under `bv` (it would only grow again).
#[test]
fn a_spacer_that_outgrows_a_small_share_stops_with_out_of_memory() {
    let file = "../shared/bench/sv/locks/test_locks_14-1.c";
    let t = Instant::now();
    let (r, _, left) = verify("", &[file, "--opt", "O0", "--engine", "spacer", "--timeout", "120", "--memory", "100"]);
    assert_eq!(r["verdict"], "UNKNOWN", "{r}");
    let reason = r["reason"].as_str().unwrap();
    assert!(reason.starts_with("out of memory: the member held "), "{reason}");
    assert!(!reason.contains("run again under bv"), "{reason}");
    assert!(t.elapsed() < Duration::from_secs(100), "{:?}", t.elapsed());
    assert!(left.is_empty(), "left behind: {left:?}");
}
