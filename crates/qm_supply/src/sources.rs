//! Which sources supply which nations, and how well (SUP-013..053).
//!
//! Each source's class is a list of cases; the first whose condition holds
//! gives the grants (ruling 11). A grant names recipients and a tier; the
//! cooperation table then caps what crosses between factions (SUP-050..053).
//! Nations whose rows in the resulting table are equal share a *supply class*,
//! which is what the flood carries as bits.

use qm_core::condition::CondCtx;
use qm_core::ids::{FactionId, NationId, NodeId, Side, SourceId, Tier};
use qm_core::nation::NationState;
use qm_core::ruleset::{Recipients, Ruleset};
use qm_core::supply::SourceRefusal;
use std::collections::BTreeMap;

/// A source as the determination sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceView {
    /// Its id.
    pub id: SourceId,
    /// Where it is.
    pub node: NodeId,
    /// Supplies only units that began the turn in its hex.
    pub own_hex_only: bool,
    /// A bridgehead (SUP-034, SUP-057).
    pub bridgehead: bool,
    /// Its origin group (see [`Classes`]).
    pub group: u8,
    /// Whether it acts this turn (designation, SUP-015), and if not, why.
    pub inactive: Option<SourceRefusal>,
    /// Per nation: the best tier it gives that nation's units.
    pub tiers: Vec<Option<Tier>>,
}

/// Everything a source's grants depend on.
pub struct GrantCtx<'a> {
    /// The ruleset.
    pub rules: &'a Ruleset,
    /// Nation states.
    pub nations: &'a [NationState],
    /// Effective factions of nations.
    pub factions: &'a [FactionId],
    /// Scenario flags.
    pub flags: &'a std::collections::BTreeSet<String>,
}

impl GrantCtx<'_> {
    /// The best tier a source of class `class`, owned by `owner` and
    /// controlled by `controller`, gives units of each nation.
    #[must_use]
    pub fn tiers(
        &self,
        class: qm_core::ids::SourceClassId,
        owner: NationId,
        controller: Option<NationId>,
        damaged: bool,
    ) -> Vec<Option<Tier>> {
        let n = self.nations.len();
        let mut out = vec![None; n];
        let Some(controller) = controller else { return out };
        let Some(def) = self.rules.source_classes.get(class.index()) else { return out };
        let ctx = CondCtx {
            nations: self.nations,
            factions: self.factions,
            flags: self.flags,
            owner: Some(owner),
            controller: Some(controller),
            damaged,
        };
        let Some(case) = def.cases.iter().find(|c| c.when.holds(&ctx)) else { return out };
        let side_of = |x: NationId| self.nations.get(x.index()).and_then(|s| s.side);
        let ctl_side = side_of(controller);
        let src_faction = self.factions.get(controller.index()).copied();
        for (i, slot) in out.iter_mut().enumerate() {
            let nation = NationId(i as u16);
            let faction = self.factions.get(i).copied();
            let mut best: Option<Tier> = None;
            for g in &case.grants {
                let hit = match &g.to {
                    Recipients::Owner => nation == owner,
                    Recipients::Controller => nation == controller,
                    Recipients::ControllerSide => ctl_side.is_some() && side_of(nation) == ctl_side,
                    Recipients::Factions(fs) => faction.is_some_and(|f| fs.contains(&f)),
                    Recipients::Nations(ns) => ns.contains(&nation),
                };
                if hit {
                    best = best.max(Some(g.tier));
                }
            }
            // SUP-050..053: cooperation caps what crosses between factions.
            if let (Some(b), Some(sf), Some(uf)) = (best, src_faction, faction) {
                let cap = self.rules.cooperation_cap(sf, uf, &ctx);
                *slot = cap.map(|c| c.min(b));
            }
        }
        out
    }
}

/// The supply classes of one side: nations grouped by identical rows of the
/// source table.
///
/// Each class has two bits (full, partial) per *origin group*. Group 0 holds
/// the supply of every source that no restricted route names; a restricted
/// land route (SUP-062) adds two groups: supply of its faction that may use
/// the route, and supply of its faction that may not. Bits are laid out as
///
/// ```text
/// chunk = class / per_chunk,  k = class % per_chunk
/// full  = 2 * (k * groups + group),  partial = full + 1
/// ```
///
/// so even bits are always full supply and odd bits partial.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classes {
    /// Per nation: its class, for nations of the side.
    pub of_nation: Vec<Option<u16>>,
    /// Number of classes.
    pub count: u16,
    /// Number of origin groups (at least 1).
    pub groups: u8,
}

/// Where a class's bits are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The flood chunk.
    pub chunk: usize,
    /// Its full-supply bits, over all origin groups.
    pub full: u64,
    /// Its partial-supply bits, over all origin groups.
    pub partial: u64,
}

/// Bits of the partial tier in every class of a chunk.
pub const PARTIAL_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;
/// Bits of the full tier in every class of a chunk.
pub const FULL_BITS: u64 = 0x5555_5555_5555_5555;

impl Classes {
    /// Groups the nations of `side` by their rows over `sources`.
    #[must_use]
    pub fn group(nations: &[NationState], side: Side, sources: &[SourceView], groups: u8) -> Self {
        let mut rows: BTreeMap<Vec<Option<Tier>>, u16> = BTreeMap::new();
        let mut of_nation = vec![None; nations.len()];
        let mut count = 0u16;
        for (i, st) in nations.iter().enumerate() {
            if st.side != Some(side) {
                continue;
            }
            let row: Vec<Option<Tier>> = sources
                .iter()
                .map(|s| if s.inactive.is_some() { None } else { s.tiers.get(i).copied().flatten() })
                .collect();
            let c = *rows.entry(row).or_insert_with(|| {
                count += 1;
                count - 1
            });
            of_nation[i] = Some(c);
        }
        Self { of_nation, count, groups: groups.clamp(1, 32) }
    }

    fn groups(&self) -> u32 {
        u32::from(self.groups.max(1))
    }

    /// Classes per flood chunk.
    #[must_use]
    pub fn per_chunk(&self) -> u16 {
        (32 / self.groups()).max(1) as u16
    }

    /// The full-supply bit of class `c`, origin group `g`, and its chunk.
    #[must_use]
    pub fn full_bit(&self, c: u16, g: u8) -> (usize, u32) {
        let per = self.per_chunk();
        let k = u32::from(c % per);
        ((c / per) as usize, 2 * (k * self.groups() + u32::from(g).min(self.groups() - 1)))
    }

    /// Where class `c`'s bits are.
    #[must_use]
    pub fn slot(&self, c: u16) -> Slot {
        let mut full = 0u64;
        let mut chunk = 0;
        for g in 0..self.groups() as u8 {
            let (ch, b) = self.full_bit(c, g);
            chunk = ch;
            full |= 1u64 << b;
        }
        Slot { chunk, full, partial: full << 1 }
    }

    /// Every bit of origin group `g` in a chunk.
    #[must_use]
    pub fn group_mask(&self, g: u8) -> u64 {
        (0..self.per_chunk()).fold(0u64, |m, c| {
            let (_, b) = self.full_bit(c, g);
            m | (0b11u64 << b)
        })
    }

    /// Number of flood chunks.
    #[must_use]
    pub fn chunks(&self) -> usize {
        self.count.div_ceil(self.per_chunk()) as usize
    }

    /// The seed bits, per chunk, of a source of origin group `group` that
    /// gives `tiers`.
    ///
    /// An unlimited source seeds both bits of a class: its supply goes on as
    /// partial supply where full supply may not be traced (SUP-063: into
    /// jungle/mountain hexes in New Guinea, and out of Port Moresby and
    /// Sorong).
    #[must_use]
    pub fn seed_bits(&self, tiers: &[Option<Tier>], group: u8) -> Vec<u64> {
        let mut out = vec![0u64; self.chunks()];
        for (n, c) in self.of_nation.iter().enumerate() {
            let (Some(c), Some(Some(t))) = (c, tiers.get(n)) else { continue };
            let (chunk, full) = self.full_bit(*c, group);
            out[chunk] |= match t {
                Tier::Full => 0b11u64 << full,
                Tier::Partial => 0b10u64 << full,
            };
        }
        out
    }

    /// The best tier a chunk's mask gives class `c`, and a bit that carried
    /// it.
    #[must_use]
    pub fn best(&self, mask: u64, c: u16) -> Option<(Tier, u32)> {
        let slot = self.slot(c);
        if mask & slot.full != 0 {
            Some((Tier::Full, (mask & slot.full).trailing_zeros()))
        } else if mask & slot.partial != 0 {
            Some((Tier::Partial, (mask & slot.partial).trailing_zeros()))
        } else {
            None
        }
    }
}
