//! The JSON form of a run that ended with an error (`--json`;
//! `docs/report.schema.json`, `$defs/error`): the error's kind, message and
//! source location, and the exit code.

use crate::error::{Error, SrcLoc, EXIT_UNKNOWN};

/// What `--json` prints when a run ends with this error
/// (`docs/report.schema.json`, `$defs/error`).
pub fn of(e: &Error, files: &[String]) -> serde_json::Value {
    let (file, at) = match e {
        Error::Input { file, .. } | Error::NoEntry { file, .. } => (Some(file.as_str()), None),
        Error::Unsupported { file, where_, .. } => {
            (Some(where_.as_ref().map_or(file.as_str(), |l| l.file.as_str())), where_.as_ref())
        }
        Error::Usage(_) | Error::Tool(_) => (None, None),
    };
    let message = match e {
        Error::Input { msg, .. } | Error::Unsupported { msg, .. } => msg.clone(),
        other => other.to_string(),
    };
    form(e.kind(), &message, &e.to_string(), file, at, e.exit_code(), files)
}

/// The JSON error form: `kind` and `message` of the error, `reason` the line
/// ufo prints, the source location if known.
pub fn form(
    kind: &str,
    message: &str,
    reason: &str,
    file: Option<&str>,
    at: Option<&SrcLoc>,
    exit_code: i32,
    files: &[String],
) -> serde_json::Value {
    let positive = |n: u32| (n > 0).then_some(n);
    serde_json::json!({
        "schema": super::SCHEMA,
        "files": files,
        "verdict": if exit_code == EXIT_UNKNOWN { "UNKNOWN" } else { "ERROR" },
        "reason": reason,
        "error": {
            "kind": kind,
            "message": message,
            "file": file,
            "line": at.and_then(|l| positive(l.line)),
            "column": at.and_then(|l| positive(l.col)),
        },
        "exit_code": exit_code,
    })
}
