//! The obligations of a certificate check — safety, initiation, consecution
//! per edge — and the words that name one when it fails or is undecided,
//! shared by the Z3 check (`cert.rs`) and the second solver (`validate.rs`).

use crate::ir::{EdgeId, Program};

/// What one query of the check asks: the certificate passes it when the
/// query's formulas are unsatisfiable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// The invariant at the error location is unsatisfiable.
    Safety,
    /// The value ranges at the entry imply its invariant.
    Initiation,
    /// `Inv(src) ∧ encode(e) ⇒ Inv(dst)` for the edge.
    Consecution(EdgeId),
}

impl Obligation {
    /// What fails when the query is satisfiable ("consecution fails on the
    /// edge A -> B (file:line)"): the words of a rejection by either solver.
    pub fn fails(self, p: &Program) -> String {
        match self {
            Obligation::Safety => "the invariant at the error location is not false".into(),
            Obligation::Initiation => format!("initiation fails at {}", p.loc(p.entry).name),
            Obligation::Consecution(e) => format!("consecution fails on the edge {}", edge_name(p, e)),
        }
    }
    /// What was not decided ("the check of the edge A -> B").
    pub fn what(self, p: &Program) -> String {
        match self {
            Obligation::Safety => "the check of the error location's invariant".into(),
            Obligation::Initiation => format!("the check of initiation at {}", p.loc(p.entry).name),
            Obligation::Consecution(e) => format!("the check of the edge {}", edge_name(p, e)),
        }
    }
}

/// "A -> B (file:line)".
fn edge_name(p: &Program, e: EdgeId) -> String {
    let edge = p.edge(e);
    format!("{} -> {} ({})", p.loc(edge.src).name, p.loc(edge.dst).name, edge.src_loc)
}
