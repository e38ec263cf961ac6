//! Whole outcomes of the small worked scenarios, data-driven
//! ([`check`]): every unit's status and line, or what blocked it. The
//! topic modules (`land_scenarios`, ...) test the paragraphs one case at a
//! time; these pin every unit of a scenario at once, so that a change that
//! moves any line shows in one reviewed diff.

use crate::common::check::{Step, check};
use expect_test::expect;
use quartermaster::prelude::*;

/// SUP-057, SUP-058 and ruling 7: cases a to g of armor adjacency, the
/// Allies' initial determination.
#[test]
fn armor_adjacency() {
    check(
        "scenarios/awaw/armor-adjacency.ron",
        &[Step::Initial(Side::Allies)],
        expect![[r#"
        brit-a: isolated; zoc of ger-a-inf at a3; enemy germany at c3
        brit-b: full from b7:wa-unlimited via b7 a8 b8
        brit-c: full from b12:wa-unlimited via b12 b13
        brit-d: full from b17:wa-unlimited via b17 b18
        brit-e: full from b22:wa-unlimited via b22 b23 b24
        brit-e2: isolated; enemy germany at a30; zoc of ger-e2-pz at b29
        brit-f: full from b34:wa-unlimited via b34 b35
        brit-g: full from b39:wa-unlimited via b39 b40
        ger-a-inf: full (not determined)
        ger-a-pz: full (not determined)
        ger-b-pz: full (not determined)
        ger-c-inf: full (not determined)
        ger-d-pz: full (not determined)
        ger-e-pz: full (not determined)
        ger-e2-pz: full (not determined)
        ger-f-pz1: full (not determined)
        ger-f-pz2: full (not determined)
        ger-g-pz: partial (not determined)
    "#]],
    );
}

/// SUP-037, SUP-045, SUP-148: limited sources, the Allies' initial
/// determination.
#[test]
fn limited_sources() {
    check(
        "scenarios/awaw/limited-sources.ron",
        &[Step::Initial(Side::Allies)],
        expect![[r#"
        bham-inf: full from c13:wa-capital via c13 c14 c15 c16 c17
        brit-arm: partial from c3:colonial-capital via c3 c4 c5
        brit-inf: partial from c3:colonial-capital via c3 c4
        brit-para: partial from c3:colonial-capital via c3 d3
        ic-inf: partial by its own hex's source SourceId(1)
        ic-next: isolated; sea at b8 b9 b10 c8 c11 d8 d9 d10
        mixed-inf: full from c13:wa-capital via c13 c14 c15 c16
        raf-air: partial from c3:colonial-capital via c3 b3
        rn-dd: partial from c3:colonial-capital via c3 d2
    "#]],
    );
}

/// SUP-050..053: cooperation between nations, the Allies' initial
/// determination.
#[test]
fn cooperation() {
    check(
        "scenarios/awaw/cooperation.ron",
        &[Step::Initial(Side::Allies)],
        expect![[r#"
        brit-chungking: partial from c17:nc-city via c17 c18
        brit-urals: isolated; sea at a2 a3 b1 b3 c1 c4 d1 d3 e2 e3
        cc-chungking: isolated; sea at a17 a18 b15 b16 b18 c15 c19 d15 d16 d18 e17 e18
        cc-urals: full from urals:urals via urals c2 d2
        cc-wa: full from c23:wa-unlimited via c23 d23
        cc-yenan: full from c29:cc-city via c29 b29
        flying-tigers: full from c17:nc-city via c17 c18
        jap-kyzyl: full (not determined)
        jap-ulan-bator: full (not determined)
        nc-chungking: full from c17:nc-city via c17 b17
        nc-urals: full from urals:urals via urals c2 c3
        nc-wa: full from c23:wa-unlimited via c23 c24
        nc-yenan: isolated; sea at a29 a30 b28 b30 c28 c31 d28 d29 d30
        sov-urals: full from urals:urals via urals c2
        us-chungking: partial from c17:nc-city via c17 c18
    "#]],
    );
}

/// SUP-185, SUP-186, SUP-177: the Barbarossa pocket through its first
/// player turn's phases, eliminations included.
#[test]
fn barbarossa_pocket_first_player_turn() {
    check(
        "scenarios/awaw/barbarossa-pocket.ron",
        &[Step::Phase; 6],
        expect![[r#"
        ger-12i: full (not determined)
        ger-4pz: full (not determined)
        ger-7pz: full (not determined)
        ger-9i: full (not determined)
        sov-16a: full from urals:urals via urals e62 e61 e60 e59 e58
        sov-20a: full from urals:urals via urals c62 c61 c60 c59
        sov-5t: full from urals:urals via urals g62 g61 g60
        eliminated on turn 3: sov-13a at d52
        eliminated on turn 3: sov-21a at e53
        eliminated on turn 3: sov-3a at f54
    "#]],
    );
}
