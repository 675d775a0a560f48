//! Control-flow graph algorithms over the program model: liveness (in-scope
//! variables per location), weak topological order (Bourdoncle 1993, as used by
//! papers/ufo-under-over-approximations.txt §3), slicing to the locations that
//! matter for reaching the error, Graphviz output, and the DAGs over locations
//! that unrollings (`unroll.rs`) and ARGs are (`dag.rs`).
//!
//! Architecture invariant: works on `ir` only; no LLVM, no Z3.

pub mod dag;
pub mod dot;
pub mod liveness;
pub mod slice;
#[cfg(test)]
pub mod testing;
pub mod unroll;
pub mod wto;

pub use dag::Dag;
pub use wto::Wto;
