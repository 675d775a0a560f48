//! SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) for
//! code-scanning UIs: one result per reachable error, with its source location
//! and the counterexample as a code flow. SAFE gives no result; UNKNOWN gives
//! none either, and its reason goes into the invocation's notifications.

use super::Report;
use crate::engines::Verdict;
use crate::error::SrcLoc;
use serde_json::{json, Value};

/// The rule every result refers to.
pub const RULE_ID: &str = "ufo/reach-error";

fn physical(at: &SrcLoc) -> Value {
    let mut region = json!({ "startLine": at.line.max(1) });
    if at.col > 0 {
        region["startColumn"] = json!(at.col);
    }
    json!({ "physicalLocation": { "artifactLocation": { "uri": at.file }, "region": region } })
}

/// The SARIF log of a report.
pub fn sarif(r: &Report) -> String {
    let mut results = Vec::new();
    if let (Verdict::Unsafe, Some(cex)) = (r.verdict, &r.counterexample) {
        let inputs: Vec<String> = cex.inputs.iter().map(crate::program_inputs::describe).collect();
        let mut steps: Vec<Value> = cex
            .path
            .iter()
            .map(|s| {
                let mut loc = physical(&s.at);
                let vals: Vec<String> = s.values.iter().map(|v| v.to_string()).collect();
                let text = if vals.is_empty() { s.code.clone().unwrap_or_default() } else { vals.join(", ") };
                loc["message"] = json!({ "text": text });
                json!({ "location": loc })
            })
            .collect();
        let mut target = physical(&cex.target);
        let failure = r.failure_text();
        target["message"] = json!({ "text": failure });
        steps.push(json!({ "location": target, "importance": "essential" }));
        let mut message =
            if inputs.is_empty() { failure } else { format!("{failure} with inputs {}", inputs.join(", ")) };
        let mut related = Vec::new();
        if let Some(ub) = &cex.undefined_behaviour {
            message.push_str(&format!(", through undefined behaviour ({}): {ub}", ub.kind));
            let mut at = physical(&ub.at);
            at["id"] = json!(0);
            at["message"] = json!({ "text": format!("undefined behaviour: {}", ub.message) });
            related.push(at);
        }
        let mut result = json!({
            "ruleId": RULE_ID,
            "ruleIndex": 0,
            "level": "error",
            "message": { "text": message },
            "locations": [physical(&cex.target)],
            "codeFlows": [{ "threadFlows": [{ "locations": steps }] }],
        });
        if !related.is_empty() {
            result["relatedLocations"] = json!(related);
        }
        results.push(result);
    }
    let mut invocation = json!({ "executionSuccessful": true });
    if let Some(reason) = &r.reason {
        invocation["toolExecutionNotifications"] =
            json!([{ "level": "warning", "message": { "text": format!("UNKNOWN: {reason}") } }]);
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "ufo",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": [{
                    "id": RULE_ID,
                    "name": "ReachableError",
                    "shortDescription": { "text": "A check of the program fails" },
                    "fullDescription": { "text": "A path of the program fails an assert(), calls reach_error() or fails a __VERIFIER_assert; the counterexample replayed on the compiled program." },
                    "defaultConfiguration": { "level": "error" },
                }],
            }},
            "artifacts": r.files.iter().map(|f| json!({ "location": { "uri": f } })).collect::<Vec<_>>(),
            "invocations": [invocation],
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&log).unwrap_or_default()
}
