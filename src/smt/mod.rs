//! The Z3 backend: lowering of program-model expressions under one integer
//! semantics (DESIGN.md "Integer semantics"), Z3 terms raised back to the
//! model, Hoare triples over canonical constants, solvers, Z3 parameters, and
//! deadlines that interrupt Z3. The encodings of graphs into clauses are
//! `chc/`; the checks of answers, `check/`.
//!
//! Architecture invariant: the one lowering of the model into Z3 (the z3 crate
//! is used here, in `chc/`, in `check/` and in two single-client procedures,
//! `post/predabs.rs` and `engines/ufo/houdini.rs`: `tests/architecture.rs`).
//! Z3 objects live in the calling thread's context; engines run on one thread.

pub mod canon;
pub mod deadline;
#[cfg(test)]
mod eval_agreement;
pub mod float;
pub mod hoare;
pub mod houdini;
pub mod instances;
pub mod lower;
pub mod params;
pub mod raise;
pub mod solve;
pub mod terms;
pub mod transition;

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
