//! Human-readable printing of expressions and statements (used by `ufo cfg` and
//! traces). Stable output: snapshot tests depend on it.

use super::{ArithOp, BinOp, CastOp, CmpPred, Expr, HavocKind, IntrOp, Program, Rel, Stmt};
use std::fmt::Write;

fn bin_sym(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::SDiv => "/s",
        BinOp::UDiv => "/u",
        BinOp::SRem => "%s",
        BinOp::URem => "%u",
        BinOp::Shl => "<<",
        BinOp::LShr => ">>u",
        BinOp::AShr => ">>s",
        BinOp::And => "&",
        BinOp::Or => "|",
        BinOp::Xor => "^",
    }
}

fn cmp_sym(p: CmpPred) -> &'static str {
    match p {
        CmpPred::Eq => "==",
        CmpPred::Ne => "!=",
        CmpPred::Slt => "<",
        CmpPred::Sle => "<=",
        CmpPred::Sgt => ">",
        CmpPred::Sge => ">=",
        CmpPred::Ult => "<u",
        CmpPred::Ule => "<=u",
        CmpPred::Ugt => ">u",
        CmpPred::Uge => ">=u",
    }
}

fn arith_sym(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "+",
        ArithOp::Sub | ArithOp::Neg => "-",
        ArithOp::Mul => "*",
        ArithOp::Div => "div",
        ArithOp::Mod => "mod",
    }
}

fn rel_sym(r: Rel) -> &'static str {
    match r {
        Rel::Eq => "==",
        Rel::Le => "<=",
        Rel::Lt => "<",
        Rel::Ge => ">=",
        Rel::Gt => ">",
    }
}

impl Program {
    /// Prints an expression with the program's variable names.
    pub fn show_expr(&self, e: &Expr) -> String {
        let mut s = String::new();
        self.write_expr(&mut s, e);
        s
    }

    fn write_expr(&self, s: &mut String, e: &Expr) {
        match e {
            Expr::Bool(b) => s.push_str(if *b { "true" } else { "false" }),
            Expr::Int { value, .. } => {
                let _ = write!(s, "{value}");
            }
            Expr::Var(v, _) => s.push_str(&self.var(*v).name),
            Expr::Not(a) => {
                s.push('!');
                self.write_expr(s, a)
            }
            Expr::And(xs) | Expr::Or(xs) => {
                let sep = if matches!(e, Expr::And(_)) { " && " } else { " || " };
                s.push('(');
                for (i, x) in xs.iter().enumerate() {
                    if i > 0 {
                        s.push_str(sep);
                    }
                    self.write_expr(s, x);
                }
                s.push(')');
            }
            Expr::Xor(a, b) => self.write_infix(s, a, "xor", b),
            Expr::Ite(c, a, b) => {
                s.push('(');
                self.write_expr(s, c);
                s.push_str(" ? ");
                self.write_expr(s, a);
                s.push_str(" : ");
                self.write_expr(s, b);
                s.push(')');
            }
            Expr::Bin { op, a, b, .. } => self.write_infix(s, a, bin_sym(*op), b),
            Expr::Cmp { pred, a, b, .. } => self.write_infix(s, a, cmp_sym(*pred), b),
            Expr::Cast { op, to, a, .. } => {
                let name = match op {
                    CastOp::Zext => "zext",
                    CastOp::Sext => "sext",
                    CastOp::Trunc => "trunc",
                };
                let _ = write!(s, "{name}{to}(");
                self.write_expr(s, a);
                s.push(')');
            }
            Expr::Intr { op, args, .. } => {
                let _ = write!(s, "{}(", intr_name(*op));
                for (i, x) in args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    self.write_expr(s, x);
                }
                s.push(')');
            }
            Expr::Num(n) => {
                let _ = write!(s, "{n}");
            }
            Expr::Value { signed, a, .. } => {
                s.push_str(if *signed { "sval(" } else { "uval(" });
                self.write_expr(s, a);
                s.push(')');
            }
            Expr::Arith { op: ArithOp::Neg, args } => {
                s.push_str("-(");
                args.iter().for_each(|x| self.write_expr(s, x));
                s.push(')');
            }
            Expr::Arith { op, args } => {
                s.push('(');
                for (i, x) in args.iter().enumerate() {
                    if i > 0 {
                        let _ = write!(s, " {} ", arith_sym(*op));
                    }
                    self.write_expr(s, x);
                }
                s.push(')');
            }
            Expr::Rel { rel, a, b } => self.write_infix(s, a, rel_sym(*rel), b),
            Expr::Select { array, index } => {
                self.write_expr(s, array);
                s.push('[');
                self.write_expr(s, index);
                s.push(']');
            }
            Expr::Store { array, index, value } => {
                self.write_expr(s, array);
                s.push('[');
                self.write_expr(s, index);
                s.push_str(" := ");
                self.write_expr(s, value);
                s.push(']');
            }
            // (bound variables by de Bruijn index: `k0` is the last one)
            Expr::Forall { sorts, body } => {
                s.push_str("(forall");
                for i in (0..sorts.len()).rev() {
                    let _ = write!(s, " k{i}");
                }
                s.push_str(". ");
                self.write_expr(s, body);
                s.push(')');
            }
            Expr::Bound { index, .. } => {
                let _ = write!(s, "k{index}");
            }
        }
    }

    fn write_infix(&self, s: &mut String, a: &Expr, op: &str, b: &Expr) {
        s.push('(');
        self.write_expr(s, a);
        let _ = write!(s, " {op} ");
        self.write_expr(s, b);
        s.push(')');
    }

    /// Prints a statement.
    pub fn show_stmt(&self, st: &Stmt) -> String {
        match st {
            Stmt::Assign(v, e) => format!("{} := {}", self.var(*v).name, self.show_expr(e)),
            Stmt::Assume(e) => format!("assume {}", self.show_expr(e)),
            Stmt::Havoc(v, kind, _) => match kind {
                HavocKind::Nondet { func, .. } => format!("{} := {}()", self.var(*v).name, func),
                HavocKind::Unmodelled { why } => format!("{} := * ({why})", self.var(*v).name),
                HavocKind::Summary { function, args } => {
                    let args: Vec<String> = args.iter().map(|a| self.show_expr(a)).collect();
                    format!("{} := {function}({}) (summary)", self.var(*v).name, args.join(", "))
                }
                HavocKind::Float { op, format, args } => {
                    let args: Vec<String> = args.iter().map(|a| self.show_expr(a)).collect();
                    format!("{} := {}.{format:?}({})", self.var(*v).name, op.name(), args.join(", "))
                }
            },
            Stmt::Parallel(xs) => {
                let lhs: Vec<_> = xs.iter().map(|(v, _)| self.var(*v).name.clone()).collect();
                let rhs: Vec<_> = xs.iter().map(|(_, e)| self.show_expr(e)).collect();
                format!("({}) := ({})", lhs.join(", "), rhs.join(", "))
            }
        }
    }
}

fn intr_name(op: IntrOp) -> String {
    match op {
        IntrOp::SMax => "smax".into(),
        IntrOp::SMin => "smin".into(),
        IntrOp::UMax => "umax".into(),
        IntrOp::UMin => "umin".into(),
        IntrOp::Fshl => "fshl".into(),
        IntrOp::Fshr => "fshr".into(),
        IntrOp::Abs => "abs".into(),
        IntrOp::Overflow(op, signed) => format!("{}{}_overflows", if signed { "s" } else { "u" }, bin_sym(op)),
    }
}
