//! The Horn clause of one program edge, `P_src(pre) ∧ encode(e) → P_dst(post)`,
//! and the relations of Spacer's clauses: shared by the refinement query and
//! whole-program solving (`spacer.rs`), the folded query (`fold.rs`), the
//! cells' clauses (`cells.rs`) and the export (`horn.rs`).

use super::argcond;
use crate::ir::{EdgeId, Program};
use crate::smt::lower::Lowerer;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{FuncDecl, Sort};

/// The parts of an edge's Horn clause `P_src(pre) ∧ encode(e) → P_dst(post)`:
/// the source's in-scope values, the target's values after the body, the
/// body's constraints, and every constant to quantify.
pub struct EdgeClause {
    pub pre_args: Vec<Dynamic>,
    pub post_args: Vec<Dynamic>,
    pub constraints: Vec<Bool>,
    pub bounds: Vec<Dynamic>,
}

impl EdgeClause {
    pub fn new(p: &Program, l: &mut Lowerer, e: EdgeId, tag: &str) -> EdgeClause {
        let edge = p.edge(e);
        let pre = argcond::node_state(p, l, edge.src, tag);
        let pre_args: Vec<Dynamic> = p.loc(edge.src).live.iter().map(|v| pre[v].dynamic()).collect();
        let t = crate::smt::transition::of_edge(p, l, e, &pre);
        let post_args = t.post.iter().map(|(_, x)| x.dynamic()).collect();
        let mut bounds = pre_args.clone();
        bounds.extend(t.fresh);
        EdgeClause { pre_args, post_args, constraints: t.constraints, bounds }
    }
}

/// A relation of Spacer's clauses over `sorts`, registered with `fp`.
pub fn relation(fp: &z3::Fixedpoint, name: &str, sorts: &[Sort]) -> FuncDecl {
    let refs: Vec<&Sort> = sorts.iter().collect();
    let f = FuncDecl::new(name, &refs, &Sort::bool());
    fp.register_relation(&f);
    f
}

/// `f(args)`, or `true` for a node without a relation (it cannot reach the error).
pub fn apply_relation(f: Option<&FuncDecl>, args: &[Dynamic]) -> Bool {
    let refs: Vec<&dyn Ast> = args.iter().map(|a| a as &dyn Ast).collect();
    f.and_then(|f| f.apply(&refs).as_bool()).unwrap_or_else(|| Bool::from_bool(true))
}
