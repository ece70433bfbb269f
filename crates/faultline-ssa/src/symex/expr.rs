//! Expressions to terms, with C's exact semantics and undefined behaviour as hard constraints.
//!
//! Each expression is evaluated under a guard `g`: the condition under which it is evaluated at
//! all. Short-circuit operators and `?:` refine it for their lazily evaluated operands, so a
//! division by zero in an operand C does not evaluate is no violation — exactly the
//! interpreter's behaviour. The value is computed even where C's behaviour is undefined (with
//! the term store's documented results); the separate check `g → ¬ub` excludes such paths.

use faultline_ir::{BinOp, Expr, ExprKind, IntKind, LogicOp, UnOp};

use super::{Engine, Res};
use crate::spec::SymexError;
use crate::term::TermId;

impl Engine<'_> {
    /// Convert a value of kind `from` to kind `to` (C11 6.3.1.3 with gcc's modular choice;
    /// to `_Bool` tests for nonzero).
    pub(crate) fn cast(&mut self, v: TermId, from: IntKind, to: IntKind) -> TermId {
        if from.is_float() || to.is_float() {
            return self.fp_cast(v, from, to);
        }
        if to == IntKind::Bool {
            let nz = self.ts.nonzero(v);
            return self.ts.bool_to_bv(nz, 1);
        }
        self.cast_to_bits(v, from, to.bits())
    }

    /// A conversion from or to a floating type, as `faultline_ir::float::convert` computes it.
    /// A floating value out of the range of the integer type it is converted to gets the
    /// term's unspecified value; [`Engine::fp_to_int_ok`] is the undefined-behaviour check.
    fn fp_cast(&mut self, v: TermId, from: IntKind, to: IntKind) -> TermId {
        if from == to {
            return v;
        }
        match (from.is_float(), to.is_float()) {
            (true, true) => self.ts.fp_convert(v, to.bits()),
            (false, true) => self.ts.fp_from_int(v, to.bits(), from.is_signed()),
            _ if to == IntKind::Bool => {
                let z = self.ts.fp_is_zero(v);
                let nz = self.ts.not(z);
                self.ts.bool_to_bv(nz, 1)
            }
            _ => self.ts.fp_to_int(v, to.bits(), to.is_signed()),
        }
    }

    /// Whether the floating value `v` of kind `from` converts to the integer kind `to` (C11
    /// 6.3.1.4: its truncation fits; NaN and infinities do not), with the bounds of
    /// `faultline_ir::float::convert` (powers of two, exact in both formats).
    fn fp_to_int_ok(&mut self, v: TermId, from: IntKind, to: IntKind) -> TermId {
        use crate::term::{FpOp1, FpPred};
        if to == IntKind::Bool || to.is_float() || !from.is_float() {
            return self.ts.tt();
        }
        let w = from.bits();
        let k = |x: f64| faultline_ir::float::from_f64(from, x) as u128;
        let t = self.ts.fp1(FpOp1::Trunc, v);
        let n = to.bits() as i32;
        let (lo, hi) = if to.is_signed() {
            (-(2f64.powi(n - 1)), 2f64.powi(n - 1))
        } else {
            (0.0, 2f64.powi(n))
        };
        let lo = self.ts.bv(w, k(lo));
        let hi = self.ts.bv(w, k(hi));
        let above = self.ts.fp_cmp(FpPred::Le, lo, t);
        let below = self.ts.fp_cmp(FpPred::Lt, t, hi);
        self.ts.and(above, below)
    }

    /// Resize a value of kind `from` to `bits`, extending by its signedness.
    pub(crate) fn cast_to_bits(&mut self, v: TermId, from: IntKind, bits: u32) -> TermId {
        let w = self.ts.width(v);
        if w == bits {
            v
        } else if w > bits {
            self.ts.trunc(v, bits)
        } else if from.is_signed() {
            self.ts.sext(v, bits)
        } else {
            self.ts.zext(v, bits)
        }
    }

    /// Evaluate `e` under guard `g` (the caller's statement is `self.cur_stmt`).
    pub(crate) fn eval(&mut self, e: &Expr, g: TermId) -> Res<TermId> {
        let relaxed = self
            .opts
            .relax_exprs
            .as_ref()
            .and_then(|m| m.get(&e.id).copied());
        match relaxed {
            Some(c) => self.eval_relaxed(e, c, g),
            None => self.eval_as_written(e, g),
        }
    }

    /// A relaxed expression: `ite(healthy, as written, free)`. As with a relaxed statement,
    /// the operands of an unhealthy expression are not evaluated (the interpreter's override
    /// semantics), so their undefined behaviour and their own evaluation counts only apply when
    /// it is healthy. A truth-valued expression (comparison, `!`, `&&`, `||`) gets a boolean
    /// free value: its angelic value is true/false, not some other nonzero integer.
    fn eval_relaxed(&mut self, e: &Expr, c: crate::ComponentId, g: TermId) -> Res<TermId> {
        let w = e.ty.bits();
        let h = if self.opts.all_healthy_constant {
            self.ts.tt()
        } else {
            self.ts.health(c)
        };
        let gh = self.ts.and(g, h);
        let original = self.eval_as_written(e, gh)?;
        let truth = matches!(
            e.kind,
            ExprKind::Logical(..) | ExprKind::Unary(UnOp::Not, _)
        ) || matches!(e.kind, ExprKind::Binary(op, ..) if op.is_comparison());
        let (free, ft) = if truth {
            let (f, b) = self.ts.fresh(crate::term::Sort::Bool);
            (f, self.ts.bool_to_bv(b, w))
        } else {
            self.ts.fresh(crate::term::Sort::Bv(w as u8))
        };
        let value = self.ts.ite(h, original, ft);
        let count = match self.expr_dyn.get(&e.id) {
            Some(&t) => t,
            None => self.ts.bv(32, 0),
        };
        let one = self.ts.bv(32, 1);
        let next = self.ts.add(count, one);
        let next = self.ts.ite(g, next, count);
        self.expr_dyn.insert(e.id, next);
        let stmt = self.cur_stmt;
        let instance = self.static_instance(stmt);
        self.push_relax_point(crate::RelaxPoint {
            component: c,
            stmt,
            expr: Some(e.id),
            instance,
            slot: 0,
            free,
            value,
            original,
            guard: g,
            dyn_instance: count,
            text: None,
        });
        Ok(value)
    }

    fn eval_as_written(&mut self, e: &Expr, g: TermId) -> Res<TermId> {
        let w = e.ty.bits();
        if self.ts.is_false(g) {
            // Never evaluated: any value will do, and no check may be added.
            return Ok(self.ts.bv(w, 0));
        }
        Ok(match &e.kind {
            ExprKind::Const(c) => self.ts.bv_i(w, *c),
            ExprKind::AddrOf(p) => self.address_of(p, g)?,
            ExprKind::Load(p) => {
                // Through a pointer: a case split over the objects it may point into.
                let (v, kind) = self.load_place(p, g)?;
                self.cast(v, kind, e.ty)
            }
            ExprKind::Unary(op, a) if a.ty.is_float() => {
                let v = self.eval(a, g)?;
                match op {
                    UnOp::Neg => self.ts.fp_neg(v),
                    UnOp::Abs => self.ts.fp_abs(v),
                    UnOp::Not => {
                        let z = self.ts.fp_is_zero(v);
                        self.ts.bool_to_bv(z, w)
                    }
                    UnOp::BitNot => {
                        return Err(SymexError::InvalidIr {
                            message: "`~` on a floating operand".into(),
                            span: e.span,
                        })
                    }
                }
            }
            ExprKind::Unary(UnOp::Not, a) => {
                let v = self.eval(a, g)?;
                let z = self.ts.nonzero(v);
                let nz = self.ts.not(z);
                self.ts.bool_to_bv(nz, w)
            }
            ExprKind::Unary(op, a) => {
                let v = self.eval(a, g)?;
                let v = self.cast(v, a.ty, e.ty);
                let signed = e.ty.is_signed();
                let min = self.ts.bv(w, 1u128 << (w - 1));
                match op {
                    UnOp::BitNot => self.ts.bvnot(v),
                    UnOp::Abs if !signed => v,
                    _ => {
                        if signed {
                            let ov = self.ts.eq(v, min);
                            let ok = self.ts.not(ov);
                            self.ub(g, ok);
                        }
                        let nv = self.ts.neg(v);
                        if *op == UnOp::Abs {
                            let z = self.ts.bv(w, 0);
                            let neg = self.ts.slt(v, z);
                            self.ts.ite(neg, nv, v)
                        } else {
                            nv
                        }
                    }
                }
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, e, a, b, g)?,
            ExprKind::Logical(op, a, b) => {
                let va = self.eval(a, g)?;
                let ca = self.ts.nonzero(va);
                let r = match op {
                    LogicOp::And => {
                        let gb = self.ts.and(g, ca);
                        let vb = self.eval(b, gb)?;
                        let cb = self.ts.nonzero(vb);
                        self.ts.and(ca, cb)
                    }
                    LogicOp::Or => {
                        let nca = self.ts.not(ca);
                        let gb = self.ts.and(g, nca);
                        let vb = self.eval(b, gb)?;
                        let cb = self.ts.nonzero(vb);
                        self.ts.or(ca, cb)
                    }
                };
                self.ts.bool_to_bv(r, w)
            }
            ExprKind::Cond(c, a, b) => {
                let vc = self.eval(c, g)?;
                let cc = self.ts.nonzero(vc);
                let ga = self.ts.and(g, cc);
                let va = self.eval(a, ga)?;
                let va = self.cast(va, a.ty, e.ty);
                let ncc = self.ts.not(cc);
                let gb = self.ts.and(g, ncc);
                let vb = self.eval(b, gb)?;
                let vb = self.cast(vb, b.ty, e.ty);
                self.ts.ite(cc, va, vb)
            }
            ExprKind::Cast(a)
                if (a.ty == IntKind::Ptr) != (e.ty == IntKind::Ptr) && e.ty != IntKind::Bool =>
            {
                return Err(SymexError::Unsupported {
                    message: "a conversion between a pointer and an integer in the formula".into(),
                    span: e.span,
                })
            }
            ExprKind::Cast(a) => {
                let v = self.eval(a, g)?;
                if a.ty.is_float() && !e.ty.is_float() {
                    let ok = self.fp_to_int_ok(v, a.ty, e.ty);
                    self.ub(g, ok);
                }
                self.cast(v, a.ty, e.ty)
            }
        })
    }

    fn binary(&mut self, op: BinOp, e: &Expr, a: &Expr, b: &Expr, g: TermId) -> Res<TermId> {
        let w = e.ty.bits();
        if a.ty.is_float() {
            return self.fp_binary(op, e, a, b, g);
        }
        if e.ty == IntKind::Ptr || a.ty == IntKind::Ptr {
            return self.ptr_binary(op, e, a, b, g);
        }
        if op.is_comparison() {
            if a.ty != b.ty {
                return Err(SymexError::InvalidIr {
                    message: format!("comparison of {} with {}", a.ty.c_name(), b.ty.c_name()),
                    span: e.span,
                });
            }
            let l = self.eval(a, g)?;
            let r = self.eval(b, g)?;
            let signed = a.ty.is_signed();
            let c = match (op, signed) {
                (BinOp::Eq, _) => self.ts.eq(l, r),
                (BinOp::Ne, _) => self.ts.ne(l, r),
                (BinOp::Lt, true) => self.ts.slt(l, r),
                (BinOp::Lt, false) => self.ts.ult(l, r),
                (BinOp::Le, true) => self.ts.sle(l, r),
                (BinOp::Le, false) => self.ts.ule(l, r),
                (BinOp::Gt, true) => self.ts.slt(r, l),
                (BinOp::Gt, false) => self.ts.ult(r, l),
                (BinOp::Ge, true) => self.ts.sle(r, l),
                _ => self.ts.ule(r, l),
            };
            return Ok(self.ts.bool_to_bv(c, w));
        }
        let l = self.eval(a, g)?;
        let l = self.cast(l, a.ty, e.ty);
        let signed = e.ty.is_signed();
        if op.is_shift() {
            let r = self.eval(b, g)?;
            // The amount keeps its own (promoted) type.
            let too_big = {
                let rw = self.ts.width(r);
                if rw < 64 && (w as u128) >= (1u128 << rw) {
                    self.ts.ff()
                } else {
                    let k = self.ts.bv(rw, w as u128);
                    self.ts.ule(k, r)
                }
            };
            let negative = if b.ty.is_signed() {
                let z = self.ts.bv(self.ts.width(r), 0);
                self.ts.slt(r, z)
            } else {
                self.ts.ff()
            };
            let mut bad = self.ts.or(too_big, negative);
            let v = match op {
                BinOp::Shl => {
                    let v = self.ts.shl(l, r);
                    if signed {
                        // Negative left operand, or bits shifted into or past the sign bit.
                        let z = self.ts.bv(w, 0);
                        let neg = self.ts.slt(l, z);
                        let back = self.ts.lshr(v, r);
                        let lost = self.ts.ne(back, l);
                        let sign = self.ts.slt(v, z);
                        let ov = self.ts.or(lost, sign);
                        let ov = self.ts.or(neg, ov);
                        bad = self.ts.or(bad, ov);
                    }
                    v
                }
                _ if signed => self.ts.ashr(l, r),
                _ => self.ts.lshr(l, r),
            };
            let ok = self.ts.not(bad);
            self.ub(g, ok);
            return Ok(v);
        }
        let r = self.eval(b, g)?;
        let r = self.cast(r, b.ty, e.ty);
        Ok(match op {
            BinOp::Add => {
                if signed {
                    let ov = self.ts.sadd_overflow(l, r);
                    let ok = self.ts.not(ov);
                    self.ub(g, ok);
                }
                self.ts.add(l, r)
            }
            BinOp::Sub => {
                if signed {
                    let ov = self.ts.ssub_overflow(l, r);
                    let ok = self.ts.not(ov);
                    self.ub(g, ok);
                }
                self.ts.sub(l, r)
            }
            BinOp::Mul => {
                if signed {
                    let ov = self.ts.smul_overflow(l, r);
                    let ok = self.ts.not(ov);
                    if self.opts.defer_mul_overflow {
                        let c = self.ts.implies(g, ok);
                        if !self.ts.is_true(c) {
                            self.defer(c);
                        }
                    } else {
                        self.ub(g, ok);
                    }
                }
                self.ts.mul(l, r)
            }
            BinOp::Div | BinOp::Rem => {
                let z = self.ts.bv(w, 0);
                let mut bad = self.ts.eq(r, z);
                if signed {
                    let min = self.ts.bv(w, 1u128 << (w - 1));
                    let m1 = self.ts.bv_i(w, -1);
                    let is_min = self.ts.eq(l, min);
                    let is_m1 = self.ts.eq(r, m1);
                    let ov = self.ts.and(is_min, is_m1);
                    bad = self.ts.or(bad, ov);
                }
                let ok = self.ts.not(bad);
                self.ub(g, ok);
                match (op, signed) {
                    (BinOp::Div, true) => self.ts.sdiv(l, r),
                    (BinOp::Div, false) => self.ts.udiv(l, r),
                    (_, true) => self.ts.srem(l, r),
                    _ => self.ts.urem(l, r),
                }
            }
            BinOp::BitAnd => self.ts.bvand(l, r),
            BinOp::BitOr => self.ts.bvor(l, r),
            BinOp::BitXor => self.ts.bvxor(l, r),
            _ => {
                return Err(SymexError::InvalidIr {
                    message: format!("operator `{}` in an arithmetic position", op.symbol()),
                    span: e.span,
                })
            }
        })
    }

    /// A binary operator on floating operands (both of `a`'s type, as the lowerer converts
    /// them): IEEE arithmetic and comparisons, no undefined behaviour.
    fn fp_binary(&mut self, op: BinOp, e: &Expr, a: &Expr, b: &Expr, g: TermId) -> Res<TermId> {
        use crate::term::{FpOp2, FpPred};
        let w = e.ty.bits();
        let l = self.eval(a, g)?;
        let r = self.eval(b, g)?;
        let r = self.cast(r, b.ty, a.ty);
        let cmp = |s: &mut Self, p: FpPred, x: TermId, y: TermId| {
            let c = s.ts.fp_cmp(p, x, y);
            s.ts.bool_to_bv(c, w)
        };
        Ok(match op {
            BinOp::Add => self.ts.fp2(FpOp2::Add, l, r),
            BinOp::Sub => self.ts.fp2(FpOp2::Sub, l, r),
            BinOp::Mul => self.ts.fp2(FpOp2::Mul, l, r),
            BinOp::Div => self.ts.fp2(FpOp2::Div, l, r),
            BinOp::Eq => cmp(self, FpPred::Eq, l, r),
            BinOp::Ne => {
                let c = self.ts.fp_cmp(FpPred::Eq, l, r);
                let n = self.ts.not(c);
                self.ts.bool_to_bv(n, w)
            }
            BinOp::Lt => cmp(self, FpPred::Lt, l, r),
            BinOp::Le => cmp(self, FpPred::Le, l, r),
            BinOp::Gt => cmp(self, FpPred::Lt, r, l),
            BinOp::Ge => cmp(self, FpPred::Le, r, l),
            _ => {
                return Err(SymexError::InvalidIr {
                    message: format!("operator `{}` on floating operands", op.symbol()),
                    span: e.span,
                })
            }
        })
    }
}
