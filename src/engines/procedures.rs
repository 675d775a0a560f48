//! Spacer on the non-linear Horn clauses of a program with procedures
//! (issue 44 §2; `chc::procedures`): the `spacer-procedures` member and
//! `--spacer-mode procedures`. A solution is raised to a
//! [`ProcedureProof`](crate::answer::ProcedureProof): every location's
//! invariant of every program and each procedure's calling contexts as
//! `ir::Expr` (`smt::raise`), which the driver checks clause by clause
//! (`check::procedures`). This member only proves: an error the clauses
//! reach is UNKNOWN here, and the bugs of recursive programs are found on
//! their bounded copies (`frontend::recursion`) by the other members.

use super::{Certificate, EngineContext, Outcome, Stats};
use crate::answer::{ProcedureInvariants, ProcedureProof};
use crate::chc::procedures::{self, Answer, Pred};
use crate::ir::procedures::Procedures;
use crate::ir::Expr;
use crate::smt::{raise, Install, Lowerer};

/// Solves the clauses of `ps` and raises the solution to a proof.
pub fn run(ps: &Procedures, cx: &EngineContext, global: bool) -> Outcome {
    let _installed = cx.deadline.install();
    let mut l = Lowerer::new(cx.sem);
    match procedures::solve(ps, &mut l, global) {
        Answer::Solution(interpretation) => {
            let canons = procedures::canons(ps, &l);
            let raise_at = |pred: Pred| -> Result<Expr, String> {
                let (k, _) = procedures::formals(ps, pred);
                let p = procedures::program(ps, k);
                let loc = match pred {
                    Pred::Loc(_, loc) => loc,
                    Pred::Context(i) => ps.procedures[i].exit,
                };
                raise::raise(&interpretation[&pred], &canons[k].names(p, loc))
            };
            let invariants = |k: usize| -> Result<Vec<Expr>, String> {
                procedures::program(ps, k).loc_ids().map(|loc| raise_at(Pred::Loc(k, loc))).collect()
            };
            let proof = (|| -> Result<ProcedureProof, String> {
                let main = invariants(0)?;
                let mut out = Vec::new();
                for (i, f) in ps.procedures.iter().enumerate() {
                    out.push(ProcedureInvariants {
                        function: f.name().to_string(),
                        invariants: invariants(i + 1)?,
                        context: raise_at(Pred::Context(i))?,
                    });
                }
                Ok(ProcedureProof { main, procedures: out })
            })();
            match proof {
                Ok(proof) => {
                    let certificate =
                        Certificate { procedures: Some(proof), ..Certificate::of_invariants(cx.sem, Vec::new()) };
                    Outcome::safe(certificate, Stats::default())
                }
                Err(why) => Outcome::unknown(format!("certificate not expressible: {why}"), Stats::default()),
            }
        }
        Answer::Reachable => Outcome::unknown(
            "the procedures' clauses reach an error (this member proves; the bounded copies find bugs)".to_string(),
            Stats::default(),
        ),
        Answer::Unknown(_) if cx.deadline.expired() => Outcome::unknown(cx.deadline.stop_reason(), Stats::default()),
        Answer::Unknown(why) => Outcome::unknown(format!("Spacer: unknown ({why})"), Stats::default()),
    }
}
