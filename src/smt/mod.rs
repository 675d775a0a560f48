//! Everything that talks to Z3: lowering of program-model expressions under one
//! integer semantics (DESIGN.md "Integer semantics"), the ARG-condition / DAG
//! encoding (papers/ufo-under-over-approximations.txt §5, eq. 1–2), CHC solving
//! with Spacer, and deadlines that interrupt Z3.
//!
//! Architecture invariant: this is the only module that uses the z3 crate.
//! Z3 objects live in the calling thread's context; engines run on one thread.

pub mod canon;
pub mod cells;
pub mod cert;
pub mod chc;
pub mod dag;
pub mod deadline;
#[cfg(test)]
mod eval_agreement;
pub mod fold;
pub mod horn;
pub mod houdini;
pub mod instances;
pub mod lower;
pub mod params;
pub mod path;
pub mod predabs;
pub mod raise;
pub mod solve;
pub mod transition;
pub mod validate;

pub use crate::ir::IntSemantics;
pub use deadline::{Deadline, Install};
pub use lower::{Lowerer, Val};
/// Operations on formulas (simplify, substitute, printing).
pub use z3::ast::Ast as FormulaOps;
/// Formulas (ARG labels, invariants) as the engines see them: Z3 Booleans,
/// used only through the functions of this module.
pub use z3::ast::Bool as Formula;

/// The `z3` executable of the Z3 release ufo is linked with (the project's,
/// installed by scripts/setup): the Spacer baseline runs it.
pub const Z3_BINARY: &str = env!("UFO_Z3_BIN");

/// The Z3 version string.
pub fn z3_version() -> String {
    z3::full_version().to_string()
}
