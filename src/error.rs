//! The one error type of ufo and the exit codes a pipeline can rely on.
//!
//! Library code returns [`Error`]; only `main` prints it (one line) and exits with
//! [`Error::exit_code`] (with `--json`, as one JSON object: [`Error::to_json`]).
//! Exit codes: 0 SAFE, 10 UNSAFE, 20 UNKNOWN (including an unsupported feature
//! or a timeout), 2 usage or input error.

use std::fmt;

/// Exit code for a SAFE verdict.
pub const EXIT_SAFE: i32 = 0;
/// Exit code for an UNSAFE verdict.
pub const EXIT_UNSAFE: i32 = 10;
/// Exit code for UNKNOWN: timeout, limits, or a construct ufo does not support.
pub const EXIT_UNKNOWN: i32 = 20;
/// Exit code for bad input or bad usage.
pub const EXIT_INPUT: i32 = 2;

/// A source position `file:line:col` taken from debug info (line/col 0 when unknown).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct SrcLoc {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl SrcLoc {
    pub fn is_known(&self) -> bool {
        self.line > 0
    }
}

impl fmt::Display for SrcLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col > 0 {
            write!(f, "{}:{}:{}", self.file, self.line, self.col)
        } else {
            write!(f, "{}:{}", self.file, self.line)
        }
    }
}

/// Every failure ufo reports to a user.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input cannot be read or parsed (missing file, broken bitcode, syntax error).
    #[error("{file}: {msg}")]
    Input { file: String, msg: String },
    /// The entry function is not defined in the input.
    #[error("{file}: entry function '{entry}' not found (use --entry NAME)")]
    NoEntry { file: String, entry: String },
    /// Command-line usage error.
    #[error("{0}")]
    Usage(String),
    /// The program uses a construct ufo cannot soundly model; the verdict is UNKNOWN.
    #[error("{}: unsupported: {msg}", where_.as_ref().map(|l| l.to_string()).unwrap_or_else(|| file.clone()))]
    Unsupported { file: String, where_: Option<SrcLoc>, msg: String },
    /// A required external tool (clang-14, lli-14, ...) is missing or failed unexpectedly.
    #[error("{0}")]
    Tool(String),
}

impl Error {
    pub fn input(file: impl Into<String>, msg: impl Into<String>) -> Self {
        Error::Input { file: file.into(), msg: msg.into() }
    }

    pub fn unsupported(file: impl Into<String>, where_: Option<SrcLoc>, msg: impl Into<String>) -> Self {
        let where_ = where_.filter(SrcLoc::is_known);
        Error::Unsupported { file: file.into(), where_, msg: msg.into() }
    }

    /// The documented exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input { .. } | Error::NoEntry { .. } | Error::Usage(_) | Error::Tool(_) => EXIT_INPUT,
            Error::Unsupported { .. } => EXIT_UNKNOWN,
        }
    }

    /// The name of this kind of error in the JSON error form.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Input { .. } => "input",
            Error::NoEntry { .. } => "no-entry",
            Error::Usage(_) => "usage",
            Error::Unsupported { .. } => "unsupported",
            Error::Tool(_) => "tool",
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;
