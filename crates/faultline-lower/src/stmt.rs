//! Statements and structured control flow.

use faultline_ir::{BinOp, Block, Component, Expr, ExprKind, IntKind, Span, StmtKind, SwitchArm};
use tree_sitter::Node;

use crate::consteval;
use crate::ctx::{Breakable, Lowerer, Res};

impl<'a> Lowerer<'a> {
    /// Lower the statements of a block in a new scope. Errors are recorded per statement so one
    /// bad statement does not hide the others.
    pub(crate) fn block_items(&mut self, node: Node, out: &mut Block) {
        self.push_scope();
        let mut c = node.walk();
        let items: Vec<Node> = node.named_children(&mut c).collect();
        for item in items {
            if self.full() {
                break;
            }
            let _ = self.statement(item, out);
        }
        self.pop_scope();
    }

    /// A sub-statement (`if` branch, loop body) is a scope of its own (C11 6.8.4p3).
    fn sub_statement(&mut self, node: Node) -> Block {
        let mut out = Vec::new();
        self.push_scope();
        let _ = self.statement(node, &mut out);
        self.pop_scope();
        out
    }

    pub(crate) fn statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        self.enter(node)?;
        let r = self.statement_inner(node, out);
        self.leave();
        r
    }

    fn statement_inner(&mut self, node: Node, out: &mut Block) -> Res<()> {
        match node.kind() {
            "compound_statement" => {
                self.block_items(node, out);
                Ok(())
            }
            "declaration" => self.local_declaration(node, out),
            "type_definition" => self.typedef_decl(node),
            "expression_statement" => match node.named_child(0) {
                Some(e) if e.kind() != "comment" => self.effect(e, out),
                _ => Ok(()),
            },
            "if_statement" => self.if_statement(node, out),
            "while_statement" => self.while_statement(node, out),
            "do_statement" => self.do_statement(node, out),
            "for_statement" => self.for_statement(node, out),
            "switch_statement" => self.switch_statement(node, out),
            "return_statement" => self.return_statement(node, out),
            "break_statement" => {
                if self.breakables().is_empty() {
                    return Err(self.semantic(node, "`break` outside a loop or switch"));
                }
                let span = self.stmt_span(node);
                self.emit(out, StmtKind::Break, span, None);
                Ok(())
            }
            "continue_statement" => {
                if !self.breakables().contains(&Breakable::Loop) {
                    return Err(self.semantic(node, "`continue` outside a loop"));
                }
                let span = self.stmt_span(node);
                self.emit(out, StmtKind::Continue, span, None);
                Ok(())
            }
            "case_statement" => Err(self.unsupported(
                node,
                "`case`/`default` label that is not directly in the body of its `switch`",
            )),
            "goto_statement" => Err(self.unsupported(node, "`goto`")),
            "labeled_statement" => Err(self.unsupported(node, "labels (`goto` targets)")),
            "comment" => Ok(()),
            "enum_specifier" => {
                if let Some(b) = node.child_by_field_name("body") {
                    self.enum_body(b)?;
                }
                Ok(())
            }
            "struct_specifier" | "union_specifier" => Err(self.unsupported(node, "struct types")),
            "gnu_asm_expression" | "asm_statement" => {
                Err(self.unsupported(node, "inline assembly"))
            }
            k if k.starts_with("preproc") => Ok(()),
            "function_definition" => Err(self.unsupported(node, "nested function definitions")),
            other => {
                Err(self.unsupported(node, format!("statement `{}`", other.replace('_', " "))))
            }
        }
    }

    fn breakables(&self) -> &[Breakable] {
        self.cur
            .as_ref()
            .map(|f| f.breakables.as_slice())
            .unwrap_or(&[])
    }

    fn with_breakable<T>(&mut self, b: Breakable, f: impl FnOnce(&mut Self) -> T) -> T {
        if let Some(c) = &mut self.cur {
            c.breakables.push(b);
        }
        let r = f(self);
        if let Some(c) = &mut self.cur {
            c.breakables.pop();
        }
        r
    }

    fn if_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "`if` without a condition"));
        };
        let (cond, cspan) = self.condition(c, out)?;
        let then_ = match node.child_by_field_name("consequence") {
            Some(s) => self.sub_statement(s),
            None => Vec::new(),
        };
        let else_ = match node.child_by_field_name("alternative") {
            Some(e) => match e.named_child(0) {
                Some(s) if e.kind() == "else_clause" => self.sub_statement(s),
                _ => self.sub_statement(e),
            },
            None => Vec::new(),
        };
        self.emit(
            out,
            StmtKind::If { cond, then_, else_ },
            cspan,
            Some(Component::IfCond),
        );
        Ok(())
    }

    /// `if (cond) {} else break;`: how every loop tests its condition.
    fn loop_test(&mut self, cond: Expr, span: Span, out: &mut Block) {
        let brk = self.stmt(StmtKind::Break, span, None);
        self.emit(
            out,
            StmtKind::If {
                cond,
                then_: Vec::new(),
                else_: vec![brk],
            },
            span,
            Some(Component::LoopCond),
        );
    }

    fn while_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "`while` without a condition"));
        };
        let mut body = Vec::new();
        // The condition's side effects run on every iteration, so they live in the body.
        let (cond, cspan) = self.condition(c, &mut body)?;
        self.loop_test(cond, cspan, &mut body);
        if let Some(b) = node.child_by_field_name("body") {
            let stmts = self.with_breakable(Breakable::Loop, |s| s.sub_statement(b));
            body.extend(stmts);
        }
        let span = self.span(node);
        self.emit(
            out,
            StmtKind::Loop {
                body,
                latch: Vec::new(),
            },
            span,
            None,
        );
        Ok(())
    }

    fn do_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let body = match node.child_by_field_name("body") {
            Some(b) => self.with_breakable(Breakable::Loop, |s| s.sub_statement(b)),
            None => Vec::new(),
        };
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "`do` without a condition"));
        };
        let mut latch = Vec::new();
        let (cond, cspan) = self.condition(c, &mut latch)?;
        self.loop_test(cond, cspan, &mut latch);
        let span = self.span(node);
        self.emit(out, StmtKind::Loop { body, latch }, span, None);
        Ok(())
    }

    fn for_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        self.push_scope();
        let r = self.for_inner(node, out);
        self.pop_scope();
        r
    }

    fn for_inner(&mut self, node: Node, out: &mut Block) -> Res<()> {
        if let Some(init) = node.child_by_field_name("initializer") {
            if init.kind() == "declaration" {
                self.local_declaration(init, out)?;
            } else {
                self.effect(init, out)?;
            }
        }
        let mut body = Vec::new();
        if let Some(c) = node.child_by_field_name("condition") {
            let (cond, cspan) = self.condition(c, &mut body)?;
            self.loop_test(cond, cspan, &mut body);
        }
        let mut latch = Vec::new();
        if let Some(u) = node.child_by_field_name("update") {
            self.effect(u, &mut latch)?;
        }
        if let Some(b) = node.child_by_field_name("body") {
            let stmts = self.with_breakable(Breakable::Loop, |s| s.sub_statement(b));
            body.extend(stmts);
        }
        let span = self.span(node);
        self.emit(out, StmtKind::Loop { body, latch }, span, None);
        Ok(())
    }

    fn return_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let span = self.stmt_span(node);
        let ret = self.cur.as_ref().map(|f| f.ret.clone());
        let value = match node.named_child(0).filter(|n| n.kind() != "comment") {
            None => None,
            Some(e) => match ret {
                Some(faultline_ir::Type::Int(k)) => {
                    let v = self.rvalue(e, out)?;
                    Some(self.cast(v, k))
                }
                Some(faultline_ir::Type::Ptr(t)) => {
                    let v = self.value(e, out, true)?;
                    Some(self.to_pointer(v, &t, e)?)
                }
                _ => {
                    // `return f();` in a void function, with `f` void, is accepted by gcc.
                    self.effect(e, out)?;
                    None
                }
            },
        };
        self.emit(out, StmtKind::Return(value), span, Some(Component::Return));
        Ok(())
    }

    fn switch_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let (Some(c), Some(body)) = (
            node.child_by_field_name("condition"),
            node.child_by_field_name("body"),
        ) else {
            return Err(self.semantic(node, "malformed `switch`"));
        };
        let (scrutinee, cspan) = self.condition(c, out)?;
        // `condition` turned a floating scrutinee into `x != 0`; C requires an integer.
        if let ExprKind::Binary(BinOp::Ne, a, _) = &scrutinee.kind {
            if a.ty.is_float() && scrutinee.span == a.span {
                return Err(self.semantic(c, "switch quantity is not an integer"));
            }
        }
        let k = scrutinee.ty.promote();
        let scrutinee = self.cast(scrutinee, k);
        let arms = self.with_breakable(Breakable::Switch, |s| {
            s.push_scope();
            let r = s.switch_arms(body, k);
            s.pop_scope();
            r
        })?;
        self.emit(
            out,
            StmtKind::Switch { scrutinee, arms },
            cspan,
            Some(Component::SwitchCond),
        );
        Ok(())
    }

    /// One arm per run of consecutive labels; the statements after them until the next label
    /// form the arm's body (and fall through to the next arm).
    fn switch_arms(&mut self, body: Node, k: IntKind) -> Res<Vec<SwitchArm>> {
        if body.kind() != "compound_statement" {
            return Err(self.unsupported(body, "`switch` whose body is not a block"));
        }
        let mut arms: Vec<SwitchArm> = Vec::new();
        let mut seen: Vec<i128> = Vec::new();
        let mut has_default = false;
        let mut c = body.walk();
        let items: Vec<Node> = body.named_children(&mut c).collect();
        for item in items {
            if item.kind() == "comment" {
                continue;
            }
            if item.kind() != "case_statement" {
                if arms.is_empty() {
                    let _ = self.unsupported(
                        item,
                        "statement before the first `case` label of a `switch`",
                    );
                    continue;
                }
                if let Some(arm) = arms.last_mut() {
                    let mut b = std::mem::take(&mut arm.body);
                    let _ = self.statement(item, &mut b);
                    if let Some(arm) = arms.last_mut() {
                        arm.body = b;
                    }
                }
                continue;
            }
            // The label part: from `case` to its `:`.
            let mut lc = item.walk();
            let colon_end = item
                .children(&mut lc)
                .find(|ch| ch.kind() == ":")
                .map(|ch| ch.end_byte())
                .unwrap_or(item.end_byte());
            let label_span = self.span_range(item.start_byte(), colon_end);
            let value = match item.child_by_field_name("value") {
                Some(v) => {
                    let x = self.case_value(v, k)?;
                    if seen.contains(&x) {
                        return Err(self.semantic(v, "duplicate `case` value"));
                    }
                    seen.push(x);
                    Some(x)
                }
                None => {
                    if has_default {
                        return Err(self.semantic(item, "multiple `default` labels"));
                    }
                    has_default = true;
                    None
                }
            };
            let start_new = arms.last().is_none_or(|a| !a.body.is_empty());
            if start_new {
                arms.push(SwitchArm {
                    values: Vec::new(),
                    is_default: false,
                    body: Vec::new(),
                    span: label_span,
                });
            }
            let Some(arm) = arms.last_mut() else { continue };
            arm.span = arm.span.to(label_span);
            match value {
                Some(x) => arm.values.push(x),
                None => arm.is_default = true,
            }
            let mut sc = item.walk();
            let stmts: Vec<Node> = item
                .named_children(&mut sc)
                .filter(|s| Some(*s) != item.child_by_field_name("value"))
                .collect();
            let mut b = Vec::new();
            for s in stmts {
                if self.full() {
                    break;
                }
                let _ = self.statement(s, &mut b);
            }
            if let Some(arm) = arms.last_mut() {
                arm.body = b;
            }
        }
        Ok(arms)
    }

    /// A `case` constant, converted to the promoted type of the scrutinee.
    fn case_value(&mut self, v: Node, k: IntKind) -> Res<i128> {
        let mut pre = Vec::new();
        let e = self.rvalue(v, &mut pre)?;
        if !pre.is_empty() {
            return Err(self.semantic(v, "`case` label is not a constant expression"));
        }
        let x = consteval::eval(&e).map_err(|m| self.semantic(v, m))?;
        Ok(k.wrap(x))
    }
}
