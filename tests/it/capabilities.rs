//! Impairments as capabilities (rule 30, SUP-012, SUP-143, SUP-147..176,
//! SUP-199..207): what units and hexes may do under full supply, partial
//! supply and isolation, from `qm_supply::capabilities` (and
//! `Game::capabilities` and `Game::hex_capabilities` as the game stands), and what
//! operations orders `qm_ops` refuses because of it (`OrderError::IllegalMove`,
//! or `OrderError::RedeployBlocked` naming the hex; the game unchanged).

use crate::common;

use common::*;
use quartermaster::prelude::*;
use quartermaster::supply::capabilities::{
    HexCapabilities, Site, UnitCapabilities, hex_capabilities, unit_capabilities,
};

const CAPS: &str = "scenarios/awaw/capabilities.ron";
const REDEPLOY: &str = "scenarios/awaw/capabilities/redeployment.ron";
const SHELTER: &str = "scenarios/awaw/capabilities/shelter.ron";
const PERSIST: &str = "scenarios/awaw/capabilities/persistence.ron";
const POCKET: &str = "scenarios/awaw/barbarossa-pocket.ron";
const AUTOMATIC: &str = "scenarios/awaw/isolation/automatic.ron";

use UnitStatus::{Full, Isolated, Partial};

// ------------------------------------------------------------------ helpers

/// The shipped ruleset and a hex to copy.
fn rules_and_hex() -> (Ruleset, NodeInfo) {
    let g = load(POCKET);
    let spec = g.spec();
    let hex = spec.map.node(spec.map.find("e58").expect("e58")).expect("hex").clone();
    (spec.ruleset.clone(), hex)
}

/// A hex of the theater with the features, in clear terrain.
fn hex_with(base: &NodeInfo, theater: Theater, features: Features) -> NodeInfo {
    NodeInfo { theater, features, ..base.clone() }
}

/// A unit's capabilities with supply `status` at both determinations, in a
/// hex of `theater` with `features`, away from home.
struct Probe {
    rules: Ruleset,
    base: NodeInfo,
}

impl Probe {
    fn new() -> Self {
        let (rules, base) = rules_and_hex();
        Self { rules, base }
    }

    fn unit(&self, nation: &str, kind: &str) -> Unit {
        let nation = self.rules.nation_by_key(nation).expect("nation");
        let k = self.rules.unit_types.iter().position(|t| t.key == kind).expect("unit type");
        Unit {
            id: UnitId::new(format!("{kind}-probe")),
            nation,
            kind: UnitTypeId(k as u16),
            supply_as: None,
            factors: 1,
        }
    }

    fn supply(initial: UnitStatus, now: UnitStatus) -> UnitSupply {
        UnitSupply { status: now, initial: Some(initial), ..UnitSupply::default() }
    }

    /// Capabilities of a `nation` `kind` unit, `initial` then `now`, in a hex.
    fn full_caps(
        &self,
        nation: &str,
        kind: &str,
        initial: UnitStatus,
        now: UnitStatus,
        hex: &NodeInfo,
        home: bool,
    ) -> UnitCapabilities {
        self.site_caps(nation, kind, initial, now, &Site { home, ..Site::hex(Some(hex)) })
    }

    /// Capabilities of a `nation` `kind` unit, `initial` then `now`, at a
    /// site.
    fn site_caps(
        &self,
        nation: &str,
        kind: &str,
        initial: UnitStatus,
        now: UnitStatus,
        site: &Site<'_>,
    ) -> UnitCapabilities {
        let u = self.unit(nation, kind);
        unit_capabilities(&self.rules, &u, &UnitFlags::default(), &Self::supply(initial, now), site)
    }

    /// Capabilities in a featureless hex of `theater`, away from home.
    fn caps_in(&self, nation: &str, kind: &str, status: UnitStatus, theater: Theater) -> UnitCapabilities {
        let hex = hex_with(&self.base, theater, Features::empty());
        self.full_caps(nation, kind, status, status, &hex, false)
    }

    /// Capabilities in a featureless European hex, away from home.
    fn caps(&self, nation: &str, kind: &str, status: UnitStatus) -> UnitCapabilities {
        self.caps_in(nation, kind, status, Theater::Europe)
    }

    /// Capabilities in a European hex with `features`.
    fn caps_at(&self, nation: &str, kind: &str, status: UnitStatus, features: Features) -> UnitCapabilities {
        let hex = hex_with(&self.base, Theater::Europe, features);
        self.full_caps(nation, kind, status, status, &hex, false)
    }

    fn hex(&self, status: Option<HexStatus>, features: Features) -> HexCapabilities {
        hex_capabilities(status, Some(&hex_with(&self.base, Theater::Europe, features)))
    }
}

/// Asserts that a redeployment is refused as blocked at the hex labelled
/// `hex`, citing `rule`, and that the game is unchanged.
#[track_caller]
fn blocked(g: &mut Game, side: Side, order: impl Into<Order>, hex: &str, rule: &str) {
    let before = g.checksum();
    let err = g.submit(side, &orders(vec![order.into()])).expect_err("the order must be refused");
    assert!(
        matches!(&err, OrderError::RedeployBlocked { at, why, .. } if at == hex && why.to_string().contains(rule)),
        "expected a redeployment blocked at {hex} ({rule}), got: {err}"
    );
    assert_eq!(g.checksum(), before, "a refused order changes nothing");
}

/// A unit's capabilities as the game stands (its status, hex, home country
/// and the bridgeheads of its side there).
#[track_caller]
fn caps_of(g: &Game, id: &str) -> UnitCapabilities {
    g.capabilities(id).unwrap_or_else(|| panic!("no unit `{id}`"))
}

/// The label of the hex a unit is in.
fn at(g: &Game, id: &str) -> String {
    let (_, l, _) = g.unit(id).unwrap_or_else(|| panic!("no unit `{id}`"));
    g.spec().map.label(l.node).to_string()
}

/// Asserts that `order` is accepted (on a clone: the game is unchanged).
#[track_caller]
fn accepted(g: &Game, side: Side, order: impl Into<Order>) {
    let mut c = g.clone();
    c.submit(side, &orders(vec![order.into()])).unwrap_or_else(|e| panic!("refused: {e}"));
}

/// The capabilities scenario at its next phase `phase`, sea supply declined
/// at both determinations.
fn caps_game(phase: PhaseId) -> Game {
    declined(CAPS, phase)
}

/// A scenario of an Allied player turn at its next phase `phase`, sea supply
/// declined at both determinations.
fn declined(path: &str, phase: PhaseId) -> Game {
    let mut g = load(path);
    g.submit(Side::Allies, &orders(vec![SupplyOrder::SeaSupply(Vec::new())])).expect("declining is an order");
    g.step_phase();
    if matches!(phase, MOVEMENT | COMBAT | POST_COMBAT_SUPPLY) {
        step_to(&mut g, phase);
        return g;
    }
    step_to(&mut g, POST_COMBAT_SUPPLY);
    g.submit(Side::Allies, &orders(vec![SupplyOrder::SeaSupply(Vec::new())])).expect("declining is an order");
    step_to(&mut g, phase);
    g
}

// ------------------------------------------------------- full supply (147)

/// SUP-147: a fully supplied unit functions without impairment.
#[test]
fn full_supply_impairs_nothing() {
    let p = Probe::new();
    let arm = p.caps("germany", "arm", Full);
    assert!(arm.can_move && arm.can_advance && arm.can_redeploy && arm.can_sea_transport && arm.can_exploit);
    assert!(arm.mechanized && arm.zoc && !arm.low_ctl_dm);
    assert_eq!((arm.ctl_modifier, arm.movement, arm.exploit_dm, arm.dm_loss), (0, 6, 0, 0));
    assert_eq!(p.caps_in("germany", "arm", Full, Theater::Pacific).movement, 4);
    assert!(p.caps("germany", "para", Full).can_airdrop);
    let air = p.caps("germany", "air", Full).air.expect("an air unit");
    assert!(air.offensive && air.naval_missions && air.defends_beyond_own_hex && air.defensive);
    assert!(air.strategic_warfare && air.missions && air.redeploy_out);
    assert_eq!(air.nationality_drm, 0);
    let bb = p.caps("germany", "bb", Full).naval.expect("a naval unit");
    assert!(bb.offensive && bb.protect && bb.intercept && bb.redeploy_out && bb.sw_box);
    assert_eq!(bb.nationality_drm, 0);
    assert!(p.caps("germany", "inf", Full).naval.is_none() && p.caps("germany", "inf", Full).air.is_none());
}

// ---------------------------------------------- partial supply (148..172)

/// SUP-148, SUP-149: partial supply lowers the CTL of ground units of
/// every type by one.
#[test]
fn partial_supply_lowers_the_ctl_of_every_ground_unit() {
    let p = Probe::new();
    for kind in ["inf", "arm", "mech", "para", "marine", "repl", "hq", "chindit"] {
        assert_eq!(p.caps("britain", kind, Partial).ctl_modifier, -1, "{kind}");
        assert_eq!(p.caps("britain", kind, Full).ctl_modifier, 0, "{kind}");
    }
    // Air and naval units have no CTL.
    assert_eq!(p.caps("britain", "air", Partial).ctl_modifier, 0);
    assert_eq!(p.caps_at("britain", "bb", Partial, Features::PORT).ctl_modifier, 0);
}

/// SUP-150: armor in both theaters, and British and American mechanized
/// infantry in Europe, lose their mechanized component when partially
/// supplied; they may still conduct offensive operations.
#[test]
fn partial_supply_takes_the_mechanized_component_of_armor() {
    let p = Probe::new();
    for theater in [Theater::Europe, Theater::Pacific] {
        let arm = p.caps_in("germany", "arm", Partial, theater);
        assert!(!arm.mechanized, "{theater:?}");
        assert!(arm.can_move && arm.can_advance, "offensive operations are still allowed");
    }
    assert!(!p.caps("britain", "mech", Partial).mechanized);
    assert!(!p.caps("usa", "mech", Partial).mechanized);
    assert!(p.caps_in("usa", "mech", Partial, Theater::Pacific).mechanized, "only in Europe");
    assert!(p.caps("germany", "mech", Partial).mechanized, "only British and American");
    assert!(!p.caps("germany", "inf", Full).mechanized);
}

/// SUP-151: such units move three factors in Europe and two in the Pacific.
#[test]
fn armor_without_its_mechanized_component_moves_like_infantry() {
    let p = Probe::new();
    assert_eq!(p.caps("germany", "arm", Partial).movement, 3);
    assert_eq!(p.caps_in("japan", "arm", Partial, Theater::Pacific).movement, 2);
    assert_eq!(p.caps("britain", "mech", Partial).movement, 3);
    assert_eq!(p.caps("germany", "mech", Partial).movement, 5, "keeps its component");
    assert_eq!(p.caps("germany", "inf", Partial).movement, 3);
}

/// SUP-152: they lose their zone of control; infantry keeps its own.
#[test]
fn armor_without_its_mechanized_component_loses_its_zoc() {
    let p = Probe::new();
    assert!(!p.caps("germany", "arm", Partial).zoc);
    assert!(!p.caps("germany", "arm", Isolated).zoc);
    assert!(p.caps("germany", "inf", Partial).zoc);
    assert!(p.caps("germany", "inf", Isolated).zoc);
}

/// SUP-153: they take a -1 DM when attacked by exploiting enemy armor.
#[test]
fn armor_without_its_mechanized_component_suffers_against_exploiting_armor() {
    let p = Probe::new();
    assert_eq!(p.caps("germany", "arm", Partial).exploit_dm, -1);
    assert_eq!(p.caps("germany", "arm", Full).exploit_dm, 0);
}

/// SUP-154: and a -1 DM when attacked with a CTL of zero or less, unless in
/// a capital, objective, IC or railhead hex, or at home.
#[test]
fn armor_without_its_mechanized_component_suffers_with_a_low_ctl_away_from_shelter() {
    let p = Probe::new();
    assert!(p.caps("germany", "arm", Partial).low_ctl_dm);
    for f in [Features::CAPITAL, Features::OBJECTIVE, Features::IC, Features::RAILHEAD] {
        assert!(!p.caps_at("germany", "arm", Partial, f).low_ctl_dm, "{f:?}");
    }
    let clear = hex_with(&p.base, Theater::Europe, Features::empty());
    assert!(!p.full_caps("germany", "arm", Partial, Partial, &clear, true).low_ctl_dm, "home country");
    assert!(!p.caps("germany", "inf", Partial).low_ctl_dm);
}

/// SUP-155: airborne units may not airdrop.
#[test]
fn partially_supplied_airborne_units_may_not_airdrop() {
    let p = Probe::new();
    assert!(!p.caps("usa", "para", Partial).can_airdrop);
    assert!(!p.caps("usa", "para", Isolated).can_airdrop);
    assert!(p.caps("usa", "para", Full).can_airdrop);
}

/// SUP-156: partially supplied ground units may not sea transport or invade.
#[test]
fn partially_supplied_ground_units_may_not_go_by_sea() {
    let p = Probe::new();
    assert!(!p.caps("usa", "marine", Partial).can_sea_transport);
    assert!(!p.caps("usa", "marine", Isolated).can_sea_transport);
    assert!(p.caps("usa", "marine", Full).can_sea_transport);
}

/// SUP-158..163: air units in partially supplied bases may stage, redeploy
/// and defend their own hex, but not conduct offensive operations, naval
/// missions or strategic warfare, and their nationality DRM falls by one.
#[test]
fn air_units_in_partially_supplied_bases() {
    let p = Probe::new();
    let air = p.caps("britain", "air", Partial).air.expect("an air unit");
    assert!(air.redeploy_out && air.defensive, "SUP-158");
    assert!(!air.offensive, "SUP-159");
    assert!(!air.naval_missions, "SUP-160");
    assert_eq!(air.nationality_drm, -1, "SUP-161");
    assert!(!air.defends_beyond_own_hex, "SUP-162");
    assert!(!air.strategic_warfare, "SUP-163");
    assert!(!air.missions, "SUP-201");
}

/// SUP-164, SUP-166..171: naval units in partially supplied ports may base
/// change and redeploy, and operate in an sw box, but not conduct offensive
/// operations, protect sea supply or escorts, or intercept; their
/// nationality DRM falls by one.
#[test]
fn naval_units_in_partially_supplied_ports() {
    let p = Probe::new();
    for kind in ["bb", "cv", "dd", "sub", "tp"] {
        let n = p.caps_at("britain", kind, Partial, Features::PORT).naval.expect("a naval unit");
        assert!(n.redeploy_out, "SUP-164 {kind}");
        assert!(!n.offensive, "SUP-167 {kind}");
        assert!(!n.protect, "SUP-168 {kind}");
        assert_eq!(n.nationality_drm, -1, "SUP-169 {kind}");
        assert!(!n.intercept, "SUP-170 {kind}");
        assert!(n.sw_box, "SUP-171 {kind}");
    }
}

/// SUP-165: submarines based in fortified ports escape those impairments;
/// other naval units there do not, nor submarines in other ports.
#[test]
fn submarines_in_fortified_ports_escape_the_impairments() {
    let p = Probe::new();
    for fort in [Features::FORTRESS, Features::FORTIFICATION] {
        let sub = p.caps_at("germany", "sub", Partial, Features::PORT | fort).naval.expect("naval");
        assert!(sub.offensive && sub.protect && sub.intercept, "{fort:?}");
        assert_eq!(sub.nationality_drm, 0);
        let bb = p.caps_at("germany", "bb", Partial, Features::PORT | fort).naval.expect("naval");
        assert!(!bb.offensive && !bb.intercept && bb.nationality_drm == -1, "{fort:?}");
    }
    let sub = p.caps_at("germany", "sub", Partial, Features::PORT).naval.expect("naval");
    assert!(!sub.offensive && !sub.intercept);
}

/// SUP-171: partially supplied ports do not count for offensive submarine
/// warfare.
#[test]
fn partially_supplied_ports_do_not_count_for_submarine_warfare() {
    let p = Probe::new();
    assert!(p.hex(Some(HexStatus::Full), Features::PORT).sw_port);
    assert!(!p.hex(Some(HexStatus::Partial), Features::PORT).sw_port);
    assert!(!p.hex(Some(HexStatus::Unsupplied), Features::PORT).sw_port);
    assert!(!p.hex(Some(HexStatus::Full), Features::empty()).sw_port, "not a port");
}

// -------------------------------------------------- isolation (173..176, 012)

/// SUP-173: every impairment of partial supply applies to isolated ground
/// units and to air and naval units in unsupplied bases.
#[test]
fn isolation_carries_every_impairment_of_partial_supply() {
    let p = Probe::new();
    let arm = p.caps("germany", "arm", Isolated);
    assert_eq!((arm.ctl_modifier, arm.movement, arm.exploit_dm), (-1, 3, -1));
    assert!(!arm.mechanized && !arm.zoc && arm.low_ctl_dm && !arm.can_sea_transport && !arm.can_exploit);
    assert!(!p.caps("usa", "para", Isolated).can_airdrop);
    let air = p.caps("germany", "air", Isolated).air.expect("air");
    assert!(!air.offensive && !air.naval_missions && !air.strategic_warfare && air.nationality_drm == -1);
    let n = p.caps_at("germany", "bb", Isolated, Features::PORT).naval.expect("naval");
    assert!(!n.offensive && !n.protect && !n.intercept && n.nationality_drm == -1);
}

/// SUP-174: isolated ground units may not move, advance after combat or
/// redeploy.
#[test]
fn isolated_ground_units_may_not_move_advance_or_redeploy() {
    let p = Probe::new();
    let inf = p.caps("russia", "inf", Isolated);
    assert!(!inf.can_move && !inf.can_advance && !inf.can_redeploy);
    let partial = p.caps("russia", "inf", Partial);
    assert!(partial.can_move && partial.can_advance && partial.can_redeploy);
}

/// SUP-175: air units may not defend from, or redeploy to or through,
/// unsupplied bases (they may redeploy out of them, SUP-205).
#[test]
fn air_units_do_not_defend_from_or_redeploy_into_unsupplied_bases() {
    let p = Probe::new();
    let air = p.caps("germany", "air", Isolated).air.expect("air");
    assert!(!air.defensive);
    assert!(air.redeploy_out, "SUP-205");
    assert!(p.caps("germany", "air", Partial).air.expect("air").defensive);
    assert!(!p.hex(Some(HexStatus::Unsupplied), Features::empty()).air_redeploy_into);
}

/// SUP-176: naval units may not redeploy to or through unsupplied ports
/// (they may redeploy out of them, SUP-206).
#[test]
fn naval_units_do_not_redeploy_into_unsupplied_ports() {
    let p = Probe::new();
    assert!(!p.hex(Some(HexStatus::Unsupplied), Features::PORT).naval_redeploy_into);
    assert!(p.caps_at("germany", "dd", Isolated, Features::PORT).naval.expect("naval").redeploy_out);
}

/// SUP-012: a ground unit isolated at the end of initial determination may
/// not move in the movement or combat phases, even once post-combat
/// determination supplies it; one supplied at initial determination still
/// may; air units in isolated bases fly no missions.
#[test]
fn isolation_at_initial_determination_pins_ground_units() {
    let p = Probe::new();
    let hex = hex_with(&p.base, Theater::Europe, Features::empty());
    assert!(!p.full_caps("russia", "inf", Isolated, Full, &hex, false).can_move);
    let later = p.full_caps("russia", "inf", Full, Isolated, &hex, false);
    assert!(later.can_move && !later.can_redeploy);
    assert!(!p.caps("russia", "air", Isolated).air.expect("air").missions);
}

// -------------------------------------------------------- hexes (199..207)

/// SUP-199, SUP-200, SUP-203: units, airbases, rocket bases and port
/// counters are built only in fully supplied hexes.
#[test]
fn building_needs_full_supply() {
    let p = Probe::new();
    let full = p.hex(Some(HexStatus::Full), Features::empty());
    assert!(full.build_units && full.build_bases);
    for s in [Some(HexStatus::Partial), Some(HexStatus::Unsupplied), None] {
        let h = p.hex(s, Features::empty());
        assert!(!h.build_units && !h.build_bases, "{s:?}");
    }
}

/// SUP-201, SUP-202: air and naval missions from fully supplied bases only.
#[test]
fn missions_need_fully_supplied_bases() {
    let p = Probe::new();
    let full = p.hex(Some(HexStatus::Full), Features::PORT);
    assert!(full.air_missions && full.naval_missions);
    let partial = p.hex(Some(HexStatus::Partial), Features::PORT);
    assert!(!partial.air_missions && !partial.naval_missions);
    assert!(p.caps("britain", "air", Full).air.expect("air").missions);
    assert!(p.caps_at("britain", "dd", Full, Features::PORT).naval.expect("naval").protect);
}

/// SUP-204..206: ground, air and naval units redeploy into and through
/// fully or partially supplied hexes only.
#[test]
fn redeployment_needs_supplied_hexes() {
    let p = Probe::new();
    for (s, ok) in
        [(Some(HexStatus::Full), true), (Some(HexStatus::Partial), true), (Some(HexStatus::Unsupplied), false)]
    {
        let h = p.hex(s, Features::PORT);
        assert_eq!((h.ground_redeploy, h.air_redeploy_into, h.naval_redeploy_into), (ok, ok, ok), "{s:?}");
    }
    assert!(p.caps("britain", "air", Isolated).air.expect("air").redeploy_out, "SUP-205");
}

// ----------------------------------------------------- orders (qm_ops)

/// SUP-012: a unit isolated at initial determination may not move.
#[test]
fn ops_refuse_a_move_by_a_unit_isolated_at_initial_determination() {
    let mut g = load(POCKET);
    g.step_phase();
    refused_move(&mut g, Side::Allies, vec![mv("sov-21a", "e54")], "SUP-012");
    // Its neighbour on the main front may.
    accepted(&g, Side::Allies, mv("sov-16a", "e59"));
}

/// SUP-174: an isolated unit may attack but not advance after combat.
#[test]
fn ops_refuse_an_advance_by_an_isolated_unit() {
    let mut g = load(POCKET);
    g.step_phase();
    step_to(&mut g, COMBAT);
    let attack =
        |advance: Vec<String>| OpsOrder::Combat { attackers: vec!["sov-3a".into()], target: "e55".into(), advance };
    refused_move(&mut g, Side::Allies, vec![attack(vec!["sov-3a".into()])], "SUP-174");
    accepted(&g, Side::Allies, attack(Vec::new()));
}

/// SUP-156: a partially supplied unit may not make a seaborne invasion; a
/// fully supplied one may, into an unsupplied enemy hex (SUP-207).
#[test]
fn ops_refuse_an_invasion_by_a_partially_supplied_unit() {
    let mut g = caps_game(COMBAT);
    assert_eq!(status(&g, "brit-partial"), Partial);
    refused_move(
        &mut g,
        Side::Allies,
        vec![OpsOrder::Invade { unit: "brit-partial".into(), at: "calais".into() }],
        "SUP-156",
    );
    refused_move(
        &mut g,
        Side::Allies,
        vec![OpsOrder::Invade { unit: "brit-iso".into(), at: "calais".into() }],
        "SUP-156",
    );
    accepted(&g, Side::Allies, OpsOrder::Invade { unit: "brit-full".into(), at: "calais".into() });
}

/// SUP-193: armor in automatic supply may not exploit.
#[test]
fn ops_refuse_an_exploitation_by_armor_in_automatic_supply() {
    let mut g = load(AUTOMATIC);
    g.step_phase();
    assert_eq!(supply(&g, "ger-x3").automatic, Some(AutoReason::Exploiting));
    step_to(&mut g, COMBAT);
    refused_move(&mut g, Side::Axis, vec![OpsOrder::Exploit { unit: "ger-x3".into(), to: "a2".into() }], "SUP-193");
    accepted(&g, Side::Axis, OpsOrder::Exploit { unit: "ger-ex".into(), to: "c5".into() });
}

/// SUP-174, SUP-204: an isolated ground unit (spared by the fortress of
/// Tobruk, SUP-179) may not redeploy; no unit redeploys into an unsupplied
/// hex; ground units redeploy through fully and partially supplied hexes.
#[test]
fn ops_refuse_redeployments_of_isolated_units_or_into_unsupplied_hexes() {
    let mut g = caps_game(CONSTRUCTION_REDEPLOYMENT);
    expect_units(&g, &[("brit-full", Full), ("brit-partial", Partial), ("brit-iso", Isolated)]);
    expect_hexes(&g, &[("b4", HexStatus::Partial), ("tobruk", HexStatus::Unsupplied)]);
    refused_move(&mut g, Side::Allies, vec![redeploy("brit-iso", "b2")], "SUP-174");
    refused_move(&mut g, Side::Allies, vec![redeploy("brit-full", "b10")], "SUP-204");
    accepted(&g, Side::Allies, redeploy("brit-full", "valletta"));
}

/// SUP-205, SUP-206: air and naval units redeploy out of unsupplied bases,
/// but only into supplied ones.
#[test]
fn ops_refuse_air_and_naval_redeployments_into_unsupplied_bases() {
    let mut g = caps_game(CONSTRUCTION_REDEPLOYMENT);
    let tobruk = g.spec().map.label(g.spec().map.find("tobruk").expect("tobruk")).to_string();
    blocked(&mut g, Side::Allies, redeploy("brit-air", "tobruk"), &tobruk, "SUP-205");
    blocked(&mut g, Side::Allies, redeploy("brit-dd", "tobruk"), &tobruk, "SUP-206");
    accepted(&g, Side::Allies, redeploy("brit-air-iso", "portsmouth"));
    accepted(&g, Side::Allies, redeploy("brit-dd-iso", "portsmouth"));
    accepted(&g, Side::Allies, redeploy("brit-dd", "valletta"));
}

/// SUP-207: ground units may move into unsupplied hexes, and take them.
#[test]
fn ops_allow_moves_into_unsupplied_hexes() {
    let mut g = load(POCKET);
    g.step_phase();
    g.submit(Side::Allies, &orders(vec![mv("sov-16a", "e57")])).expect("accepted");
    g.step_phase();
    assert_eq!(status(&g, "sov-16a"), Full, "SUP-143: its status does not change");
}

// ------------------------------------- redeployment through bases (175, 176)

/// SUP-175, SUP-205: an air unit may leave an unsupplied base and stop on
/// its way in a partially supplied one (Caen to London through Dover), and
/// land at an airbase of its side; it flies over hexes without stopping
/// (Rennes to Cork over Jersey). The redeployment is carried out.
#[test]
fn air_redeployments_go_through_supplied_bases() {
    let mut g = declined(REDEPLOY, CONSTRUCTION_REDEPLOYMENT);
    expect_hexes(
        &g,
        &[
            ("london", HexStatus::Full),
            ("dover", HexStatus::Partial),
            ("caen", HexStatus::Unsupplied),
            ("rennes", HexStatus::Unsupplied),
            ("jersey", HexStatus::Unsupplied),
            ("cork", HexStatus::Full),
        ],
    );
    accepted(&g, Side::Allies, redeploy("raf-caen", "b3"));
    accepted(&g, Side::Allies, redeploy("raf-rennes", "cork"));
    g.submit(Side::Allies, &orders(vec![redeploy("raf-caen", "london")])).expect("through Dover");
    g.step_phase();
    assert_eq!(at(&g, "raf-caen"), "b1", "the air unit is in London");
}

/// SUP-175, SUP-205: an air unit may not redeploy into an unsupplied base,
/// nor through one when no chain of supplied bases reaches its
/// destination; the refusal names the base. Only air bases take air units.
#[test]
fn air_redeployments_are_blocked_at_unsupplied_bases() {
    let mut g = declined(REDEPLOY, CONSTRUCTION_REDEPLOYMENT);
    // Rennes to Dover is 8 hexes: the one base within 4 on the way is Caen.
    blocked(&mut g, Side::Allies, redeploy("raf-rennes", "dover"), "b9", "SUP-175");
    blocked(&mut g, Side::Allies, redeploy("raf-rennes", "jersey"), "b15", "SUP-205");
    blocked(&mut g, Side::Allies, redeploy("raf-caen", "b2"), "b2", "air bases");
    assert_eq!(at(&g, "raf-rennes"), "b13", "nothing moved");
}

/// SUP-176, SUP-206: a naval unit may not redeploy through an unsupplied
/// port: with sea supply declined Kiel is unsupplied and the only way from
/// Hull to Aarhus passes it; a naval unit may still leave Kiel.
#[test]
fn naval_redeployments_are_blocked_at_unsupplied_ports() {
    let mut g = declined(REDEPLOY, CONSTRUCTION_REDEPLOYMENT);
    expect_hexes(&g, &[("kiel", HexStatus::Unsupplied), ("hull", HexStatus::Full), ("aarhus", HexStatus::Full)]);
    let port = |g: &Game, key: &str| g.hex_capabilities(key).expect("a hex").naval_redeploy_into;
    assert!(!port(&g, "kiel") && port(&g, "hull") && port(&g, "aarhus"));
    assert!(g.hex_capabilities("nowhere").is_none());
    blocked(&mut g, Side::Allies, redeploy("hms-hull", "aarhus"), "f4", "SUP-176");
    blocked(&mut g, Side::Allies, redeploy("hms-hull", "kiel"), "f4", "SUP-206");
    accepted(&g, Side::Allies, redeploy("hms-kiel", "hull"));
    accepted(&g, Side::Allies, redeploy("hms-kiel", "aarhus"));
}

/// SUP-176, SUP-206: once the default sea plan supplies Kiel from Hull, the
/// same redeployment passes through it and is carried out.
#[test]
fn naval_redeployments_pass_supplied_ports() {
    let mut g = load(REDEPLOY);
    step_to(&mut g, CONSTRUCTION_REDEPLOYMENT);
    assert_eq!(hex(&g, "kiel"), Some(HexStatus::Full), "supplied by sea from Hull");
    g.submit(Side::Allies, &orders(vec![redeploy("hms-hull", "aarhus")])).expect("through Kiel");
    g.step_phase();
    assert_eq!(at(&g, "hms-hull"), "f6", "the destroyer is in Aarhus");
}

// ------------------------------------------------ shelter from a low CTL (154)

/// SUP-154: partially supplied armor in a hex holding a bridgehead of its
/// side, or in its home country, takes no -1 DM for a low CTL; armor beside
/// it without a bridgehead, or in a hex its nation has conquered, does.
#[test]
fn bridgeheads_and_home_countries_shelter_armor_from_the_low_ctl_dm() {
    let mut g = load(SHELTER);
    initial(&mut g, Side::Allies);
    initial(&mut g, Side::Axis);
    expect_units(
        &g,
        &[("us-arm-bh", Partial), ("us-arm", Partial), ("ger-arm-home", Partial), ("ger-arm-abroad", Partial)],
    );
    for id in ["us-arm-bh", "us-arm", "ger-arm-home", "ger-arm-abroad"] {
        assert!(!caps_of(&g, id).mechanized, "{id}: partial supply takes the mechanized component (SUP-150)");
    }
    assert!(!caps_of(&g, "us-arm-bh").low_ctl_dm, "a bridgehead of its side");
    assert!(caps_of(&g, "us-arm").low_ctl_dm, "no bridgehead in b3");
    assert!(!caps_of(&g, "ger-arm-home").low_ctl_dm, "its home country");
    assert!(caps_of(&g, "ger-arm-abroad").low_ctl_dm, "a conquered hex is not home");
}

/// SUP-154: `qm explain` names the -1 DM only where the capabilities have
/// it. Before, the explanation assumed no bridgehead in any hex and told the
/// armor sheltered by one that it defends at -1 DM.
#[test]
fn explanations_agree_with_the_capabilities_on_the_low_ctl_dm() {
    let mut g = load(SHELTER);
    initial(&mut g, Side::Allies);
    initial(&mut g, Side::Axis);
    for id in ["us-arm-bh", "us-arm", "ger-arm-home", "ger-arm-abroad"] {
        let text = g.explain(id).unwrap_or_else(|| panic!("{id} is explained"));
        let told = text.contains("-1 DM when attacked with a CTL of zero or less");
        assert_eq!(told, caps_of(&g, id).low_ctl_dm, "{id}:\n{text}");
    }
    let sheltered = g.explain("us-arm-bh").expect("explained");
    assert!(!sheltered.contains("SUP-154"), "a bridgehead of its side shelters it:\n{sheltered}");
}

// ------------------------------------------------- status persists (142, 143)

/// SUP-143: armor supplied at initial determination that moves into an
/// unsupplied hex keeps its status and everything it may do until the next
/// determination; armor that began the turn there is isolated and pinned
/// (SUP-012). At post-combat determination b3 is still cut off (b2, in the
/// German ZOC, passes nothing on, SUP-057, SUP-140), and the better status
/// of the player turn stands (SUP-142).
#[test]
fn a_supplied_unit_keeps_its_status_in_an_unsupplied_hex() {
    let mut g = declined(PERSIST, MOVEMENT);
    expect_units(&g, &[("brit-arm", Full), ("brit-arm2", Isolated)]);
    expect_hexes(&g, &[("b2", HexStatus::Full), ("b3", HexStatus::Unsupplied)]);
    refused_move(&mut g, Side::Allies, vec![mv("brit-arm2", "b2")], "SUP-012");
    g.submit(Side::Allies, &orders(vec![mv("brit-arm", "b3")])).expect("a move into an unsupplied hex (SUP-207)");
    g.step_phase();
    assert_eq!(at(&g, "brit-arm"), "b3");
    assert_eq!(status(&g, "brit-arm"), Full);
    let caps = caps_of(&g, "brit-arm");
    assert!(caps.mechanized && caps.zoc && caps.can_advance && !caps.low_ctl_dm);
    assert_eq!(caps.ctl_modifier, 0);
    step_to(&mut g, POST_COMBAT_SUPPLY);
    assert_eq!(status(&g, "brit-arm"), Full, "still fully supplied through the combat phase");
    assert_eq!(hex(&g, "b3"), Some(HexStatus::Unsupplied), "the move alone supplies nothing");
    g.submit(Side::Allies, &orders(vec![SupplyOrder::SeaSupply(Vec::new())])).expect("declining is an order");
    g.step_phase();
    assert_eq!(hex(&g, "b3"), Some(HexStatus::Unsupplied), "b3 is still cut off");
    expect_units(&g, &[("brit-arm", Full), ("brit-arm2", Isolated)]);
}
