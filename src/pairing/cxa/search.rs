//! §2.5 of the spec: the exhaustive matching (E1, E2) by depth-first
//! branch and bound, and its objective (Y, J, C, U).

use super::*;

/// Search nodes one exhaustive matching may visit before giving up (keeps a
/// pathological round from hanging the program; the arbiter pairs by hand).
pub(super) const NODE_BUDGET: u64 = 20_000_000;

/// The E1/E2 objective (§2.5): Y asc, J desc, C desc, U asc.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Obj {
    pub(super) y: i128,
    pub(super) j: i128,
    pub(super) c: i128,
    pub(super) u: i128,
}

impl Obj {
    pub(super) fn better_than(&self, o: &Obj) -> bool {
        (self.y, -self.j, -self.c, self.u) < (o.y, -o.j, -o.c, o.u)
    }
}

/// Result of one exhaustive matching.
#[derive(Clone, Debug)]
pub(super) struct Matched {
    pub(super) obj: Obj,
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) unpaired: Vec<usize>,
}

impl Ctx<'_> {
    pub(super) fn pair_terms(&self, a: usize, b: usize, g: i64) -> Obj {
        let (pa, pb) = (&self.pl[a], &self.pl[b]);
        let mut u = 0;
        if self.opts.float_balance {
            let fp = |p: &Pl, q: &Pl| -> i64 {
                match p.s.cmp(&q.s) {
                    std::cmp::Ordering::Less => p.f + 1,
                    std::cmp::Ordering::Greater => p.f - 1,
                    std::cmp::Ordering::Equal => p.f,
                }
            };
            u = pow100(fp(pa, pb).abs()) + pow100(fp(pb, pa).abs());
        }
        Obj {
            y: 0,
            j: pow100(pa.step + pb.step - 2 * g),
            c: pow100(8 - d_of(pa.x + pb.x).abs().min(8)),
            u,
        }
    }

    pub(super) fn unpaired_terms(&self, a: usize, g: i64) -> Obj {
        let p = &self.pl[a];
        Obj {
            y: pow100(p.step - g),
            j: pow100(p.step - g),
            c: pow100(8 - d_of(p.x).abs().min(8)),
            u: if self.opts.float_balance {
                pow100((p.f - 1).abs())
            } else {
                0
            },
        }
    }

    /// E2 (§2.5): any two players of `set` may pair. `last`: the last group's
    /// Y rule for a single unpaired player. `None` when the set is beyond the
    /// cap or the search budget.
    ///
    /// `any_bye` (last group only, a fallback): a single unpaired player
    /// ranks just after a bye-eligible one (one who never had a bye before
    /// one who did) and before any result with two or more unpaired, so the
    /// search finds a complete round if one exists.
    pub(super) fn e2(
        &self,
        set: &[usize],
        g: i64,
        last: bool,
        three: bool,
        any_bye: bool,
    ) -> Option<Matched> {
        if set.len() > self.opts.exhaustive_cap {
            return None;
        }
        let mut order = set.to_vec();
        let okc: HashMap<usize, usize> = set
            .iter()
            .map(|&a| (a, set.iter().filter(|&&b| self.ok(a, b, three)).count()))
            .collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&self.pl[a], &self.pl[b]);
            pb.s.cmp(&pa.s)
                .then(pb.x.abs().cmp(&pa.x.abs()))
                .then(okc[&a].cmp(&okc[&b]))
                .then(pa.id.cmp(&pb.id))
        });
        let m = order.len();
        let partners: Vec<Vec<usize>> = (0..m)
            .map(|i| {
                (0..m)
                    .filter(|&j| j != i && self.ok(order[i], order[j], three))
                    .collect()
            })
            .collect();
        let mut s = Search {
            ctx: self,
            order: &order,
            partners: &partners,
            deciders: m,
            g,
            last,
            any_bye,
            e1: false,
            decided: vec![false; m],
            pairs: Vec::new(),
            unpaired: Vec::new(),
            best: None,
            nodes: 0,
        };
        s.dfs(Obj::default());
        if s.nodes > NODE_BUDGET {
            return None;
        }
        s.best
    }

    /// E1 (§2.5): floaters against residents only; residents listed R row
    /// then B row.
    pub(super) fn e1(&self, floaters: &[usize], residents: &[usize], g: i64) -> Option<Matched> {
        if floaters.len() + residents.len() > self.opts.exhaustive_cap {
            return None;
        }
        let okc: HashMap<usize, usize> = floaters
            .iter()
            .map(|&a| {
                (
                    a,
                    residents.iter().filter(|&&b| self.ok(a, b, true)).count(),
                )
            })
            .collect();
        let mut fl = floaters.to_vec();
        fl.sort_by(|&a, &b| {
            let (pa, pb) = (&self.pl[a], &self.pl[b]);
            pb.s.cmp(&pa.s)
                .then(pb.x.abs().cmp(&pa.x.abs()))
                .then(okc[&a].cmp(&okc[&b]))
                .then(pa.id.cmp(&pb.id))
        });
        let mut order = fl.clone();
        order.extend(residents.iter().filter(|&&r| !self.pl[r].b_row()));
        order.extend(residents.iter().filter(|&&r| self.pl[r].b_row()));
        let nf = fl.len();
        let m = order.len();
        let partners: Vec<Vec<usize>> = (0..m)
            .map(|i| {
                if i >= nf {
                    return Vec::new();
                }
                (nf..m)
                    .filter(|&j| self.ok(order[i], order[j], true))
                    .collect()
            })
            .collect();
        let mut s = Search {
            ctx: self,
            order: &order,
            partners: &partners,
            deciders: nf,
            g,
            last: false,
            any_bye: false,
            e1: true,
            decided: vec![false; m],
            pairs: Vec::new(),
            unpaired: Vec::new(),
            best: None,
            nodes: 0,
        };
        s.dfs(Obj::default());
        if s.nodes > NODE_BUDGET {
            return None;
        }
        s.best
    }
}

/// Depth-first branch and bound over partial matchings (§2.5 "Search").
pub(super) struct Search<'a, 'c> {
    ctx: &'a Ctx<'c>,
    order: &'a [usize],
    partners: &'a [Vec<usize>],
    /// Positions `0..deciders` choose; the rest only get chosen (E1).
    deciders: usize,
    g: i64,
    last: bool,
    any_bye: bool,
    e1: bool,
    decided: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    unpaired: Vec<usize>,
    best: Option<Matched>,
    nodes: u64,
}

impl Search<'_, '_> {
    /// The final Y of the current unpaired set (the last group's special rule).
    fn y_now(&self) -> i128 {
        let ctx = self.ctx;
        if self.last && self.unpaired.len() == 1 {
            let a = self.order[self.unpaired[0]];
            return if ctx.bye_ok[a] {
                1
            } else if !self.any_bye {
                50
            } else if ctx.had_bye[a] {
                3
            } else {
                2
            };
        }
        let sum: i128 = self
            .unpaired
            .iter()
            .map(|&i| pow100(ctx.pl[self.order[i]].step - self.g))
            .sum();
        if self.last && self.any_bye && self.unpaired.len() > 1 {
            pow100(16) + sum
        } else {
            sum
        }
    }

    /// A lower bound of the final Y from here.
    fn y_bound(&self) -> i128 {
        if self.last && self.unpaired.len() == 1 {
            let a = self.order[self.unpaired[0]];
            let single = if self.ctx.bye_ok[a] {
                1
            } else if !self.any_bye {
                50
            } else if self.ctx.had_bye[a] {
                3
            } else {
                2
            };
            return single.min(pow100(self.ctx.pl[a].step - self.g) + 1);
        }
        self.y_now()
    }

    fn dfs(&mut self, acc: Obj) {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return;
        }
        if let Some(b) = &self.best {
            if self.y_bound() > b.obj.y {
                return;
            }
        }
        let Some(i) = (0..self.deciders).find(|&i| !self.decided[i]) else {
            let obj = Obj {
                y: self.y_now(),
                ..acc
            };
            if self.best.as_ref().is_none_or(|b| obj.better_than(&b.obj)) {
                self.best = Some(Matched {
                    obj,
                    pairs: self
                        .pairs
                        .iter()
                        .map(|&(a, b)| (self.order[a], self.order[b]))
                        .collect(),
                    unpaired: self.unpaired.iter().map(|&a| self.order[a]).collect(),
                });
            }
            return;
        };
        self.decided[i] = true;
        for k in 0..self.partners[i].len() {
            let j = self.partners[i][k];
            if self.decided[j] {
                continue;
            }
            self.decided[j] = true;
            self.pairs.push((i, j));
            let t = self.ctx.pair_terms(self.order[i], self.order[j], self.g);
            self.dfs(Obj {
                y: 0,
                j: acc.j + t.j,
                c: acc.c + t.c,
                u: acc.u + t.u,
            });
            self.pairs.pop();
            self.decided[j] = false;
        }
        self.unpaired.push(i);
        let next = if self.e1 {
            acc
        } else {
            let t = self.ctx.unpaired_terms(self.order[i], self.g);
            Obj {
                y: 0,
                j: acc.j + t.j,
                c: acc.c + t.c,
                u: acc.u + t.u,
            }
        };
        self.dfs(next);
        self.unpaired.pop();
        self.decided[i] = false;
    }
}
