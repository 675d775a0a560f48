//! Regions of memory (DESIGN.md "Memory"; issue 20): which pointers of the
//! entry function may point into the same objects.
//!
//! A flow-insensitive, unification-based points-to analysis in the style of
//! Steensgaard ("Points-to Analysis in Almost Linear Time", POPL 1996), as
//! SeaHorn's sea-dsa and DAGGER's CIL analysis start from, run on the entry
//! function after normalization (everything is inlined into it):
//!
//! - every pointer value has a node; an allocation site (`alloca`, a global, a
//!   function whose address is taken, a `malloc`/`calloc`/`realloc` call)
//!   puts itself into its node;
//! - `getelementptr`, pointer casts, `phi` and `select` of pointers unify their
//!   operands' nodes with their own (an offset never leaves its object in a
//!   program without undefined behaviour);
//! - each node has a *content* node, what pointers stored in its memory point
//!   to: a pointer `store` unifies the stored pointer's node with the target's
//!   content, a pointer `load` its result with the source's content, `memcpy`
//!   the contents of both sides;
//! - unification merges contents recursively, so the classes are closed.
//!
//! A class is a *region*: one SMT array in the program model (or one per
//! field, where its accesses have several widths: `fields.rs` decides). Its
//! cell width is the width every integer or pointer access to it shares. A
//! region is not modelled (its loads stay fresh values, its stores are
//! dropped: an over-approximation) when its accesses have aggregate or
//! vector types, when memory from outside reaches it (an entry parameter, a
//! pointer an unknown function returned, an integer turned into a pointer, a
//! nondeterministic pointer), when its address becomes an integer and the
//! function turns an integer into a pointer or calls an unknown function (the
//! address could come back as a pointer the analysis cannot follow; without
//! either, an address that becomes an integer is only read), when it
//! is accessed atomically, or when an unknown function may write it (a pointer to it is passed to a
//! function without a body that is not known to only read). What is
//! unmodelled spreads to the content of its pointers.
//!
//! Invariant: two pointers that may point into the same object at run time
//! are in the same region (the analysis unifies every way a pointer flows), so
//! distinct regions never alias.

use super::llvm::{self, Ty, Value};
use llvm_sys::core::*;
use llvm_sys::LLVMOpcode;
use std::collections::{BTreeSet, HashMap};

/// One region: a class of pointers and the objects they point into.
#[derive(Clone, Debug, Default)]
pub struct Region {
    /// Its allocation sites (allocas, globals, allocating calls).
    pub sites: Vec<Value>,
    /// The width of its cells, if every access has the same integer or
    /// pointer width.
    pub cell_bits: Option<u32>,
    /// The widths of its accesses.
    pub widths: Vec<u32>,
    /// Why it is not modelled, if it is not.
    pub unmodelled: Option<String>,
    /// Code outside the program may reach its objects: an unknown function
    /// got a pointer to it (or to memory holding one), it is memory from
    /// outside, or its address became an integer that may leave. A function
    /// in such a region may be called there (`memory::escaped_function`).
    pub escapes: bool,
}

/// The regions of a function.
pub struct Regions {
    of: HashMap<Value, usize>,
    pub regions: Vec<Region>,
}

impl Regions {
    /// The region a pointer value points into (`None` for a value the
    /// analysis never saw, e.g. a null constant).
    pub fn of(&self, ptr: Value) -> Option<usize> {
        self.of.get(&strip(ptr)).copied()
    }
}

/// Functions without a body that do not write memory through their pointer
/// arguments (beyond what the translation models itself).
pub(super) fn reads_only(name: &str) -> bool {
    super::builtins::is_output(name)
        || matches!(
            name,
            "free"
                | super::builtins::ACCESS
                | "strlen"
                | "strcmp"
                | "strncmp"
                | "memcmp"
                | "abort"
                | "exit"
                | "__assert_fail"
                | "reach_error"
                | "__VERIFIER_assert"
                | "__VERIFIER_assume"
                | "assume_abort_if_not"
        )
        || name.starts_with("__VERIFIER_nondet_")
        || name.starts_with("llvm.dbg.")
        || name.starts_with("llvm.lifetime.")
        || name.starts_with("llvm.assume")
        || name.starts_with("llvm.experimental.noalias")
}

/// Union-find over pointer nodes, each with an optional content node.
#[derive(Default)]
struct Uf {
    parent: Vec<usize>,
    content: Vec<Option<usize>>,
    sites: Vec<Vec<Value>>,
    widths: Vec<BTreeSet<u32>>,
    why: Vec<Option<String>>,
    escapes: Vec<bool>,
}

impl Uf {
    fn node(&mut self) -> usize {
        self.parent.push(self.parent.len());
        self.content.push(None);
        self.sites.push(Vec::new());
        self.widths.push(BTreeSet::new());
        self.why.push(None);
        self.escapes.push(false);
        self.parent.len() - 1
    }
    fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }
    fn content(&mut self, a: usize) -> usize {
        let a = self.find(a);
        match self.content[a] {
            Some(c) => self.find(c),
            None => {
                let c = self.node();
                self.content[a] = Some(c);
                c
            }
        }
    }
    /// Unifies two classes and, recursively, their contents.
    fn join(&mut self, a: usize, b: usize) {
        let mut work = vec![(a, b)];
        while let Some((a, b)) = work.pop() {
            let (a, b) = (self.find(a), self.find(b));
            if a == b {
                continue;
            }
            self.parent[b] = a;
            let sites = std::mem::take(&mut self.sites[b]);
            self.sites[a].extend(sites);
            let widths = std::mem::take(&mut self.widths[b]);
            self.widths[a].extend(widths);
            if self.why[a].is_none() {
                self.why[a] = self.why[b].take();
            }
            self.escapes[a] |= self.escapes[b];
            match (self.content[a], self.content[b]) {
                (Some(x), Some(y)) => work.push((x, y)),
                (None, Some(y)) => self.content[a] = Some(y),
                _ => {}
            }
        }
    }
    fn unmodelled(&mut self, a: usize, why: impl Into<String>) {
        let a = self.find(a);
        if self.why[a].is_none() {
            self.why[a] = Some(why.into());
        }
    }
    /// Unmodelled, and reachable by code outside the program.
    fn escaped(&mut self, a: usize, why: impl Into<String>) {
        self.unmodelled(a, why);
        let a = self.find(a);
        self.escapes[a] = true;
    }
}

/// Whether `v` may point somewhere (not null, not undefined).
fn points(v: Value) -> bool {
    let null = unsafe { LLVMIsNull(v) != 0 };
    !null && !llvm::is_undef(v)
}

/// A pointer operand without the constant casts and offsets around its base.
fn strip(mut v: Value) -> Value {
    unsafe {
        while !LLVMIsAConstantExpr(v).is_null()
            && matches!(
                LLVMGetConstOpcode(v),
                LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast
            )
        {
            v = LLVMGetOperand(v, 0);
        }
    }
    v
}

struct Analysis {
    uf: Uf,
    of: HashMap<Value, usize>,
    /// The values of `of` in the order they were met (regions are numbered
    /// in it, so that translations are deterministic).
    order: Vec<Value>,
    ptr_bits: u32,
    /// Nodes whose address becomes an integer (`ptrtoint`).
    escaped: Vec<usize>,
    /// Whether an integer may come back as a pointer: an `inttoptr`, or a
    /// call of an unknown function (which may cast what it gets).
    int_to_ptr: bool,
    /// The (destination, source) pointers of each `memcpy`/`memmove`: a
    /// region only copied from or to has the cell width of the other.
    copies: Vec<(usize, usize)>,
}

impl Analysis {
    fn node(&mut self, v: Value) -> usize {
        let v = strip(v);
        if let Some(n) = self.of.get(&v) {
            return *n;
        }
        let n = self.uf.node();
        self.of.insert(v, n);
        self.order.push(v);
        unsafe {
            if !LLVMIsAGlobalVariable(v).is_null() {
                self.uf.sites[n].push(v);
                self.global_initializer(v, n);
            } else if !LLVMIsAFunction(v).is_null() {
                // a function's address (a function pointer): an object of its own
                self.uf.sites[n].push(v);
            } else if !LLVMIsAArgument(v).is_null() {
                self.uf.escaped(n, "memory from outside (a parameter of the entry function)");
            } else if !LLVMIsAIntToPtrInst(v).is_null()
                || (!LLVMIsAConstantExpr(v).is_null() && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMIntToPtr)
            {
                self.uf.unmodelled(n, "an integer turned into a pointer");
                self.int_to_ptr = true;
            }
        }
        n
    }

    /// `site` allocates an object: it is in its own node's class.
    fn site(&mut self, site: Value) -> usize {
        // (its node may already be joined: a phi can use it before it is met)
        let n = self.node(site);
        let r = self.uf.find(n);
        self.uf.sites[r].push(site);
        r
    }

    /// The pointer `p` is held in the memory of class `holder`: it points
    /// into that class's content.
    fn held(&mut self, holder: usize, p: Value) {
        let (c, n) = (self.uf.content(holder), self.node(p));
        self.uf.join(c, n);
    }

    /// Pointers in a global's initializer point into the global's content.
    fn global_initializer(&mut self, g: Value, n: usize) {
        let init = unsafe { LLVMGetInitializer(g) };
        if init.is_null() {
            // declared elsewhere: memory from outside
            self.uf.escaped(n, format!("the external global '{}'", llvm::name(g)));
            return;
        }
        let mut stack = vec![init];
        while let Some(c) = stack.pop() {
            if llvm::value_ty(c) == Ty::Pointer && points(c) {
                self.held(n, c);
            } else if matches!(llvm::value_ty(c), Ty::Aggregate | Ty::Vector) {
                stack.extend((0..llvm::num_operands(c)).map(|i| llvm::operand(c, i)));
            }
        }
    }

    /// The width of an access of a value of type `t`, if it is an integer, a
    /// pointer, or a `float` or `double` (a cell of its bits).
    fn width(&self, t: llvm_sys::prelude::LLVMTypeRef) -> Option<u32> {
        match llvm::ty(t) {
            Ty::Int(b) => Some(b),
            Ty::Pointer => Some(self.ptr_bits),
            _ => llvm::cell_float_bits(t),
        }
    }

    fn access(&mut self, ptr: Value, t: llvm_sys::prelude::LLVMTypeRef) {
        let n = self.node(ptr);
        match self.width(t) {
            Some(w) => {
                let r = self.uf.find(n);
                self.uf.widths[r].insert(w);
            }
            None => self.uf.unmodelled(n, "an aggregate, vector or long double access"),
        }
    }

    fn instruction(&mut self, inst: Value) {
        use LLVMOpcode::*;
        let op = llvm::opcode(inst);
        let is_ptr = llvm::value_ty(inst) == Ty::Pointer;
        match op {
            LLVMAlloca => {
                self.site(inst);
            }
            LLVMGetElementPtr | LLVMBitCast | LLVMAddrSpaceCast if is_ptr => {
                let (a, b) = (self.node(inst), self.node(llvm::operand(inst, 0)));
                self.uf.join(a, b);
            }
            LLVMPHI | LLVMSelect if is_ptr => {
                let first = if op == LLVMSelect { 1 } else { 0 };
                let a = self.node(inst);
                for i in first..llvm::num_operands(inst) {
                    let o = llvm::operand(inst, i);
                    if points(o) {
                        let b = self.node(o);
                        self.uf.join(a, b);
                    }
                }
            }
            LLVMIntToPtr => {
                self.node(inst);
            }
            LLVMPtrToInt => {
                // the address may come back as a pointer the analysis cannot
                // follow (`inttoptr`): decided in `finish`
                let n = self.node(llvm::operand(inst, 0));
                self.escaped.push(n);
            }
            LLVMAtomicRMW | LLVMAtomicCmpXchg => {
                let n = self.node(llvm::operand(inst, 0));
                self.uf.unmodelled(n, "an atomic access");
            }
            LLVMLoad => {
                let ptr = llvm::operand(inst, 0);
                self.access(ptr, llvm::type_of(inst));
                if is_ptr {
                    let p = self.node(ptr);
                    self.held(p, inst);
                }
            }
            LLVMStore => {
                let (val, ptr) = (llvm::operand(inst, 0), llvm::operand(inst, 1));
                self.access(ptr, llvm::type_of(val));
                if llvm::value_ty(val) == Ty::Pointer && points(val) {
                    let p = self.node(ptr);
                    self.held(p, val);
                }
            }
            LLVMCall => self.call(inst),
            _ if is_ptr => {
                // any other instruction making a pointer (atomics, extractvalue ...)
                let n = self.node(inst);
                self.uf.unmodelled(n, format!("a pointer made by '{op:?}'"));
            }
            _ => {}
        }
    }

    fn call(&mut self, inst: Value) {
        let callee = llvm::called_value(inst);
        let name = if llvm::is_function(callee) { llvm::name(callee) } else { String::new() };
        let args = llvm::call_arg_count(inst);
        let ptr_args: Vec<Value> =
            (0..args).map(|i| llvm::operand(inst, i)).filter(|a| llvm::value_ty(*a) == Ty::Pointer).collect();
        match name.as_str() {
            "malloc" | "calloc" | "alloca" => {
                self.site(inst);
                return;
            }
            "realloc" => {
                let n = self.site(inst);
                if let Some(p) = ptr_args.first() {
                    let m = self.node(*p);
                    self.uf.join(n, m);
                }
                return;
            }
            _ => {}
        }
        if name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") {
            // pointers copied along with the bytes
            if let [d, s, ..] = ptr_args.as_slice() {
                let (dn, sn) = (self.node(*d), self.node(*s));
                self.copies.push((dn, sn));
                let (dc, sc) = (self.uf.content(dn), self.uf.content(sn));
                self.uf.join(dc, sc);
            }
            return;
        }
        if name.starts_with("llvm.memset") {
            return;
        }
        if name.starts_with("__VERIFIER_nondet_") && llvm::value_ty(inst) == Ty::Pointer {
            let n = self.node(inst);
            self.uf.unmodelled(n, "a nondeterministic pointer");
            return;
        }
        if reads_only(&name) && !super::builtins::output_writes(&name, inst) {
            return;
        }
        let what = if name.is_empty() { "an indirect call".to_string() } else { format!("'{name}'") };
        if !name.starts_with("llvm.") {
            self.int_to_ptr = true;
        }
        for p in ptr_args {
            let n = self.node(p);
            self.uf.escaped(n, format!("{what} may write it"));
        }
        if llvm::value_ty(inst) == Ty::Pointer {
            let n = self.node(inst);
            self.uf.escaped(n, format!("memory {what} returned"));
        }
    }

    fn finish(mut self) -> Regions {
        if self.int_to_ptr {
            for n in std::mem::take(&mut self.escaped) {
                self.uf.escaped(n, "its address becomes an integer, which may come back as a pointer");
            }
        }
        // what is unmodelled spreads to the content of its pointers, and so
        // does what escapes
        let mut changed = true;
        while changed {
            changed = false;
            for n in 0..self.uf.parent.len() {
                let r = self.uf.find(n);
                if r != n || self.uf.why[r].is_none() {
                    continue;
                }
                if let Some(c) = self.uf.content[r] {
                    let c = self.uf.find(c);
                    if self.uf.why[c].is_none() {
                        self.uf.why[c] = Some("pointers to it are stored in unmodelled memory".into());
                        changed = true;
                    }
                    if self.uf.escapes[r] && !self.uf.escapes[c] {
                        self.uf.escapes[c] = true;
                        changed = true;
                    }
                }
            }
        }
        // a region accessed only through copies takes the other side's width
        let copies = std::mem::take(&mut self.copies);
        let mut changed = true;
        while changed {
            changed = false;
            for &(d, s) in &copies {
                let (d, s) = (self.uf.find(d), self.uf.find(s));
                for (to, from) in [(d, s), (s, d)] {
                    if self.uf.widths[to].is_empty() && !self.uf.widths[from].is_empty() {
                        self.uf.widths[to] = self.uf.widths[from].clone();
                        changed = true;
                    }
                }
            }
        }
        let mut index: HashMap<usize, usize> = HashMap::new();
        let mut regions: Vec<Region> = Vec::new();
        let mut of = HashMap::new();
        for v in std::mem::take(&mut self.order) {
            let n = self.of[&v];
            let r = self.uf.find(n);
            let i = *index.entry(r).or_insert_with(|| {
                let widths = &self.uf.widths[r];
                regions.push(Region {
                    sites: self.uf.sites[r].clone(),
                    cell_bits: widths.first().copied().filter(|_| widths.len() == 1),
                    widths: widths.iter().copied().collect(),
                    unmodelled: self.uf.why[r].clone(),
                    escapes: self.uf.escapes[r],
                });
                regions.len() - 1
            });
            of.insert(v, i);
        }
        Regions { of, regions }
    }
}

/// The regions of `f`, a function whose pointers are `ptr_bits` wide.
pub fn analyze(f: Value, ptr_bits: u32) -> Regions {
    let mut a = Analysis {
        uf: Uf::default(),
        of: HashMap::new(),
        order: Vec::new(),
        ptr_bits,
        escaped: Vec::new(),
        int_to_ptr: false,
        copies: Vec::new(),
    };
    for bb in llvm::blocks(f) {
        for inst in llvm::instructions(bb) {
            a.instruction(inst);
        }
    }
    a.finish()
}

#[cfg(test)]
mod tests {
    //! Small C programs, normalized as the pipeline does at -O0: which
    //! allocation sites share a region, cell widths, and why a region is not
    //! modelled.
    use super::*;
    use crate::frontend::{load, normalize, DataModel, FrontendOptions, OptLevel};
    use inkwell::context::Context;
    use inkwell::values::AsValueRef;

    /// The regions of `main` and, per named allocation site, its region.
    fn regions_of(c: &str, sites: &[&str]) -> (Vec<Region>, Vec<usize>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.c");
        std::fs::write(&path, c).unwrap();
        let file = path.to_string_lossy().into_owned();
        let ctx = Context::create();
        let (module, _) =
            load::load_and_link(&ctx, std::slice::from_ref(&file), DataModel::Lp64, load::CompileC::default()).unwrap();
        let opts = FrontendOptions { opt: OptLevel::O0, ..FrontendOptions::default() };
        normalize::normalize(&module, &file, &opts, normalize::Recursion::Bound).unwrap();
        let main = module.get_function("main").unwrap().as_value_ref();
        let r = analyze(main, 64);
        let mut found = Vec::new();
        for name in sites {
            let site = r.regions.iter().flat_map(|g| g.sites.iter()).find(|s| llvm::name(**s) == *name);
            let site = site.unwrap_or_else(|| panic!("no allocation site '{name}' in {:?}", r.regions));
            found.push(r.of(*site).unwrap());
        }
        (r.regions, found)
    }

    const HEAD: &str = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n";

    #[test]
    fn separate_arrays_are_separate_regions_of_their_cell_width() {
        let c = format!(
            "{HEAD}int main(void) {{ int a[8]; long long b[8]; int n = __VERIFIER_nondet_int();\n\
             for (int i = 0; i < 8; i++) {{ a[i] = i; b[i] = 2 * i; }}\n\
             if (n >= 0 && n < 8 && a[n] != b[n] / 2) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["a", "b"]);
        assert_ne!(at[0], at[1], "{regions:?}");
        assert_eq!((regions[at[0]].cell_bits, regions[at[1]].cell_bits), (Some(32), Some(64)));
        assert!(regions[at[0]].unmodelled.is_none() && regions[at[1]].unmodelled.is_none(), "{regions:?}");
    }

    #[test]
    fn pointers_that_may_point_to_either_object_join_their_regions() {
        let c = format!(
            "{HEAD}int main(void) {{ int a[4], b[4], c[4]; int *p = __VERIFIER_nondet_int() ? a : b;\n\
             int k = __VERIFIER_nondet_int() & 3; p[k] = 7; c[k] = 1;\n\
             if (a[1] == 7 && c[0] == 1) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["a", "b", "c"]);
        assert_eq!(at[0], at[1], "{regions:?}");
        assert_ne!(at[0], at[2], "{regions:?}");
        assert_eq!(regions[at[0]].sites.len(), 2);
    }

    #[test]
    fn pointers_stored_in_memory_point_into_its_content() {
        let c = format!(
            "{HEAD}int main(void) {{ int a[4], b[4]; int *t[2]; t[0] = a; t[1] = b;\n\
             int *q = t[__VERIFIER_nondet_int() & 1]; q[0] = 3; if (a[0] == 3) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["a", "b", "t"]);
        assert_eq!(at[0], at[1], "a and b are both stored in t: {regions:?}");
        assert_ne!(at[0], at[2]);
        assert_eq!(regions[at[2]].cell_bits, Some(64), "t holds pointers");
        assert_eq!(regions[at[0]].cell_bits, Some(32));
    }

    #[test]
    fn an_address_that_becomes_an_integer_is_not_followed() {
        let c = format!(
            "{HEAD}int main(void) {{ int a[4]; int k = __VERIFIER_nondet_int() & 3; a[k] = 1;\n\
             long x = (long)a; int *p = (int *)x; p[k] = 5; if (a[k] == 5) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["a"]);
        assert!(regions[at[0]].unmodelled.as_deref().is_some_and(|w| w.contains("becomes an integer")), "{regions:?}");
        // without a way back to a pointer, an address that becomes an integer is only read
        let c = format!(
            "{HEAD}int main(void) {{ int a[4]; int k = __VERIFIER_nondet_int() & 3; a[k] = 1;\n\
             int *p = a + k; if ((long)p - (long)a != 4L * k || a[k] != 1) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["a"]);
        assert!(regions[at[0]].unmodelled.is_none(), "{regions:?}");
    }

    #[test]
    fn what_the_model_cannot_follow_is_unmodelled_with_its_reason() {
        let c = format!(
            "{HEAD}extern void fill(int *p);\nint main(void) {{ int a[4], b[4]; int *t[1];\n\
             int k = __VERIFIER_nondet_int() & 3; fill(a); char *c = (char *)b; c[k] = 1; b[k] = 2;\n\
             if (a[0] + b[0] == 3) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["a", "b"]);
        let why = |i: usize| regions[at[i]].unmodelled.clone().unwrap_or_default();
        assert!(why(0).contains("'fill' may write it"), "{regions:?}");
        assert_eq!(regions[at[1]].widths, [8, 32], "b's fields are for the layout to decide: {regions:?}");
        assert_eq!(regions[at[0]].cell_bits, Some(32), "fill's region is still one width");
    }

    #[test]
    fn a_region_only_copied_from_has_the_width_of_its_copy() {
        // `src` is never loaded or stored, only copied into `dst`
        let c = format!(
            "{HEAD}#include <string.h>\nint src[4] = {{1, 2, 3, 4}};\nint main(void) {{ int dst[4];\n\
             memcpy(dst, src, (__VERIFIER_nondet_int() & 3) * sizeof(int));\n\
             if (dst[0] == 2) reach_error(); return 0; }}\n"
        );
        let (regions, at) = regions_of(&c, &["src", "dst"]);
        assert_eq!(regions[at[0]].cell_bits, Some(32), "{regions:?}");
        assert_eq!(regions[at[1]].cell_bits, Some(32), "{regions:?}");
        assert!(regions[at[0]].unmodelled.is_none(), "{regions:?}");
    }
}
