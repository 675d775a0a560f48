//! Fields of a region accessed at several widths (DESIGN.md "Memory"; issue
//! 44: lists and trees of `struct { int val; struct node *next; }`).
//!
//! A region whose cells are all of one width is one array (`memory.rs`). A
//! region of structures mixes widths (an `int` beside a pointer); it is
//! modelled *field by field*, one array per field, as SeaHorn's and
//! SMACK's field-sensitive memory models split a DSA node by offset:
//!
//! - the region's *period* `P` is the greatest common divisor of the strides
//!   its `getelementptr`s multiply indices by (0 where no index is variable:
//!   offsets within objects are then exact);
//! - every pointer into the region has an *offset class*, its byte offset
//!   from the start of its object modulo `P`: 0 at an allocation site (an
//!   `alloca`, a global, `malloc`), a `getelementptr`'s base's plus its
//!   constant (its variable parts are multiples of `P`), the join of a `phi`'s
//!   or `select`'s operands, and for a pointer loaded from memory the join of
//!   every pointer into the region stored anywhere (and in global
//!   initializers); a pointer from anywhere else has none (`Class::Any`);
//! - a *field* is an offset class and a width; the region is modelled when
//!   every load and store has a pointer of a known class and no two fields'
//!   byte ranges overlap (modulo `P`). An access of width `w` at a pointer of
//!   class `c` then only ever meets bytes that accesses of the same field
//!   wrote, so the field's array, indexed by the address, holds exactly what
//!   the program stored there.
//!
//! Invariant: two accesses of different fields never touch a common byte
//! (of any object), so one array per field is exact.

use super::llvm::{self, Ty, Value};
use super::regions::Regions;
use llvm_sys::core::*;
use llvm_sys::LLVMOpcode;
use std::collections::HashMap;

/// The byte offset of a pointer from its object's start, modulo the
/// region's period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    At(i128),
    /// Unknown (several offsets meet, or a pointer from where the analysis
    /// does not look).
    Any,
}

impl Class {
    fn join(a: Option<Class>, b: Class) -> Class {
        match a {
            None => b,
            Some(a) if a == b => a,
            Some(_) => Class::Any,
        }
    }
}

/// One array of a region: accesses of `bits` at pointers of offset class
/// `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    pub offset: i128,
    pub bits: u32,
}

/// The offset classes of pointers into the regions of several widths.
#[derive(Default)]
pub struct Classes {
    of: HashMap<Value, Class>,
}

impl Classes {
    /// The class of `p` (`None` for a value the analysis did not reach,
    /// such as a null pointer).
    pub fn of(&self, p: Value) -> Option<Class> {
        self.of.get(&p).copied()
    }
}

/// The offset classes in `f` of the pointers into the regions `period`
/// has an entry for (a fixpoint: loads depend on stores anywhere).
/// `gep_constant` gives a `getelementptr`'s constant offset in bytes (`None`
/// where it has none the layout can compute).
pub fn classes(
    f: Value,
    regions: &Regions,
    period: &HashMap<usize, i128>,
    gep_constant: &dyn Fn(Value) -> Option<i128>,
) -> Classes {
    let mut a = Analysis { regions, period, gep_constant, of: HashMap::new(), stored: HashMap::new() };
    let insts: Vec<Value> = llvm::blocks(f).into_iter().flat_map(llvm::instructions).collect();
    a.globals(f);
    loop {
        let mut changed = false;
        for &inst in &insts {
            changed |= a.step(inst);
        }
        if !changed {
            break;
        }
    }
    // the constant pointers instructions use (a global's field)
    for &inst in &insts {
        for i in 0..llvm::num_operands(inst) {
            let o = llvm::operand(inst, i);
            if !llvm::is_instruction(o) && llvm::value_ty(o) == Ty::Pointer {
                if let Some(c) = a.value(o) {
                    a.of.insert(o, c);
                }
            }
        }
    }
    Classes { of: a.of }
}

struct Analysis<'a> {
    regions: &'a Regions,
    period: &'a HashMap<usize, i128>,
    gep_constant: &'a dyn Fn(Value) -> Option<i128>,
    of: HashMap<Value, Class>,
    /// Per region, the join of the classes of its pointers stored in memory.
    stored: HashMap<usize, Class>,
}

impl Analysis<'_> {
    /// The period of `p`'s region, if it is one of those classified.
    fn period_of(&self, p: Value) -> Option<(usize, i128)> {
        let r = self.regions.of(p)?;
        Some((r, *self.period.get(&r)?))
    }

    fn modulo(offset: i128, period: i128) -> i128 {
        if period == 0 {
            offset
        } else {
            offset.rem_euclid(period)
        }
    }

    /// The class of an operand: an instruction's as computed so far, a
    /// constant's from its expression.
    fn value(&self, v: Value) -> Option<Class> {
        if let Some(c) = self.of.get(&v) {
            return Some(*c);
        }
        if llvm::is_instruction(v) {
            return None; // not yet computed
        }
        let (_, period) = self.period_of(v)?;
        unsafe {
            if !LLVMIsAGlobalValue(v).is_null() {
                return Some(Class::At(0));
            }
            if !LLVMIsAConstantExpr(v).is_null() {
                return match LLVMGetConstOpcode(v) {
                    LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => self.value(llvm::operand(v, 0)),
                    LLVMOpcode::LLVMGetElementPtr => self.offset(v, period),
                    _ => Some(Class::Any),
                };
            }
            if !LLVMIsAArgument(v).is_null() {
                return Some(Class::Any);
            }
        }
        None
    }

    /// A `getelementptr`'s class: its base's plus its constant.
    fn offset(&self, g: Value, period: i128) -> Option<Class> {
        let base = self.value(llvm::operand(g, 0))?;
        Some(match (base, (self.gep_constant)(g)) {
            (Class::At(b), Some(c)) => Class::At(Self::modulo(b + c, period)),
            _ => Class::Any,
        })
    }

    /// Pointers in global initializers are stored pointers.
    fn globals(&mut self, f: Value) {
        let module = unsafe { LLVMGetGlobalParent(f) };
        let mut g = unsafe { LLVMGetFirstGlobal(module) };
        while !g.is_null() {
            let init = unsafe { LLVMGetInitializer(g) };
            let mut stack = if init.is_null() { Vec::new() } else { vec![init] };
            while let Some(c) = stack.pop() {
                if llvm::value_ty(c) == Ty::Pointer {
                    if let (Some((r, _)), Some(class)) = (self.period_of(c), self.value(c)) {
                        let s = self.stored.get(&r).copied();
                        self.stored.insert(r, Class::join(s, class));
                    }
                } else if matches!(llvm::value_ty(c), Ty::Aggregate | Ty::Vector) {
                    stack.extend((0..llvm::num_operands(c)).map(|i| llvm::operand(c, i)));
                }
            }
            g = unsafe { LLVMGetNextGlobal(g) };
        }
    }

    /// One instruction's transfer; whether anything changed.
    fn step(&mut self, inst: Value) -> bool {
        use LLVMOpcode::*;
        let op = llvm::opcode(inst);
        if op == LLVMStore {
            let val = llvm::operand(inst, 0);
            if llvm::value_ty(val) != Ty::Pointer {
                return false;
            }
            let (Some((r, _)), Some(class)) = (self.period_of(val), self.value(val)) else { return false };
            let old = self.stored.get(&r).copied();
            let new = Class::join(old, class);
            self.stored.insert(r, new);
            return old != Some(new);
        }
        if llvm::value_ty(inst) != Ty::Pointer {
            return false;
        }
        let Some((r, period)) = self.period_of(inst) else { return false };
        let class = match op {
            LLVMAlloca => Some(Class::At(0)),
            LLVMCall => {
                let callee = llvm::called_value(inst);
                let name = if llvm::is_function(callee) { llvm::name(callee) } else { String::new() };
                Some(match name.as_str() {
                    "malloc" | "calloc" | "realloc" | "alloca" => Class::At(0),
                    _ => Class::Any,
                })
            }
            LLVMGetElementPtr => self.offset(inst, period),
            LLVMBitCast | LLVMAddrSpaceCast => self.value(llvm::operand(inst, 0)),
            LLVMPHI | LLVMSelect => {
                let first = if op == LLVMSelect { 1 } else { 0 };
                let mut c = None;
                for i in first..llvm::num_operands(inst) {
                    let o = llvm::operand(inst, i);
                    if unsafe { LLVMIsNull(o) != 0 } || llvm::is_undef(o) {
                        continue;
                    }
                    if let Some(k) = self.value(o) {
                        c = Some(Class::join(c, k));
                    }
                }
                c
            }
            LLVMLoad => self.stored.get(&r).copied(),
            _ => Some(Class::Any),
        };
        let Some(class) = class else { return false };
        let old = self.of.get(&inst).copied();
        let new = Class::join(old, class);
        self.of.insert(inst, new);
        old != Some(new)
    }
}

/// The fields of a region from its accesses `(class, bits)`, if no two of
/// them overlap (modulo `period`, if not 0); otherwise why not.
pub fn fields(accesses: &[(Class, u32)], period: i128) -> Result<Vec<Field>, String> {
    let mut fields: Vec<Field> = Vec::new();
    for &(class, bits) in accesses {
        let Class::At(offset) = class else {
            return Err("an access at an offset the analysis does not know".into());
        };
        if bits % 8 != 0 || (period != 0 && offset + i128::from(bits / 8) > period) {
            return Err(format!("an access of {bits} bits across its structure's end"));
        }
        let f = Field { offset, bits };
        if !fields.contains(&f) {
            fields.push(f);
        }
    }
    fields.sort_by_key(|f| (f.offset, f.bits));
    for w in fields.windows(2) {
        if w[0].offset + i128::from(w[0].bits / 8) > w[1].offset {
            return Err(format!(
                "accesses of {} and {} bits that overlap (at byte offsets {} and {})",
                w[0].bits, w[1].bits, w[0].offset, w[1].offset
            ));
        }
    }
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_of_a_list_node_are_apart_and_overlaps_are_refused() {
        // struct { int val; struct node *next; }: offsets 0 (32 bits) and 8 (64 bits)
        let node = [(Class::At(0), 32), (Class::At(8), 64), (Class::At(0), 32)];
        assert_eq!(fields(&node, 16), Ok(vec![Field { offset: 0, bits: 32 }, Field { offset: 8, bits: 64 }]));
        // an int array read through a char pointer at any offset (period 1)
        let chars = [(Class::At(0), 32), (Class::At(0), 8)];
        assert!(fields(&chars, 1).unwrap_err().contains("across its structure's end"));
        assert!(fields(&chars, 0).unwrap_err().contains("overlap"));
        // a 64-bit access at 4 overlaps the int at 4..8 and the one at 8..12
        let shifted = [(Class::At(4), 32), (Class::At(4), 64)];
        assert!(fields(&shifted, 0).is_err());
        assert!(fields(&[(Class::Any, 32)], 0).is_err());
    }
}
