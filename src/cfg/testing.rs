//! Builders of small programs of the model for unit tests: 32-bit integer
//! variables by index, literals, comparisons, sums, havocs, and a program of
//! named locations (the last one the error) and edges, with its liveness
//! annotated. Test-only.

use crate::ir::{BinOp, CmpPred, Edge, Expr, HavocKind, LocId, Location, Program, Sort, Stmt, Var, VarId};

/// The sort of every variable these programs have.
pub const I32: Sort = Sort::Int { bits: 32 };

/// Variable `i`.
pub fn v(i: u32) -> Expr {
    Expr::Var(VarId(i), I32)
}

/// The literal `c`.
pub fn lit(c: i128) -> Expr {
    Expr::Int { value: c, bits: 32 }
}

/// `a pred b`.
pub fn cmp(pred: CmpPred, a: Expr, b: Expr) -> Expr {
    Expr::Cmp { pred, bits: 32, a: Box::new(a), b: Box::new(b) }
}

/// `a + b` (`nsw`).
pub fn add(a: Expr, b: Expr) -> Expr {
    Expr::Bin { op: BinOp::Add, bits: 32, nsw: true, nuw: false, a: Box::new(a), b: Box::new(b) }
}

/// Variable `i` := an input.
pub fn havoc(i: u32) -> Stmt {
    Stmt::Havoc(VarId(i), HavocKind::Unmodelled { why: "input".into() }, Default::default())
}

/// `assume(e)`.
pub fn assume(e: Expr) -> Stmt {
    Stmt::Assume(e)
}

/// Variable `i` := `e`.
pub fn set(i: u32, e: Expr) -> Stmt {
    Stmt::Assign(VarId(i), e)
}

/// A program of named variables, named locations (the first the entry, the
/// last the error) and edges (source, target, body).
pub fn program(vars: &[&str], locs: &[&str], edges: Vec<(usize, usize, Vec<Stmt>)>) -> Program {
    let mut p = Program {
        vars: vars.iter().map(|n| Var { name: n.to_string(), sort: I32, src_name: None, float: None }).collect(),
        locs: locs.iter().map(|n| Location { name: n.to_string(), ..Default::default() }).collect(),
        edges: edges
            .into_iter()
            .map(|(s, d, body)| Edge {
                src: LocId(s as u32),
                dst: LocId(d as u32),
                body,
                src_loc: Default::default(),
                failure: None,
                calls: Vec::new(),
            })
            .collect(),
        entry: LocId(0),
        error: LocId(locs.len() as u32 - 1),
        ..Default::default()
    };
    super::liveness::annotate(&mut p);
    p
}
