//! A counterexample as plain data (DESIGN.md "Engines": answers cross
//! threads): the program edges from the entry to the error and the value of
//! every nondeterministic input in call order. Engines build it (from a model
//! of the ARG condition, `chc::argcond`); the replay, the report and the
//! witnesses read it, none of them through Z3.

use crate::error::SrcLoc;
use crate::ir::{EdgeId, VarId};

/// One input of a trace: the value a nondeterministic call returned.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Input {
    pub func: String,
    /// Where the value comes from in a real run (how the replay supplies it).
    pub source: crate::ir::InputSource,
    pub value: i128,
    pub at: SrcLoc,
    /// The source function the call is in (filled in by the driver).
    pub function: String,
}

/// A counterexample: the program edges from the entry to the error, and the
/// nondeterministic inputs in call order.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    pub edges: Vec<EdgeId>,
    pub inputs: Vec<Input>,
    /// Per edge: the values of the variables in scope at its target and of
    /// those the edge defines, as signed integers (Booleans as 0/1).
    #[serde(skip)]
    pub states: Vec<Vec<(VarId, i128)>>,
}

impl Trace {
    /// The C library functions whose results the trace holds (`rand`,
    /// `random`, `time`: the replay's harness returns them), each once, sorted.
    pub fn library_functions(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .inputs
            .iter()
            .filter_map(|i| match &i.source {
                crate::ir::InputSource::Library { function } => Some(function.clone()),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The functions of the environment whose results the trace holds
    /// (`InputSource::External`: the replay's harness defines them), with
    /// their results' widths, each once, sorted.
    pub fn external_functions(&self) -> Vec<(String, u32)> {
        let mut out: Vec<(String, u32)> = self
            .inputs
            .iter()
            .filter_map(|i| match &i.source {
                crate::ir::InputSource::External { function, bits } => Some((function.clone(), *bits)),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup_by(|a, b| a.0 == b.0);
        out
    }
}
