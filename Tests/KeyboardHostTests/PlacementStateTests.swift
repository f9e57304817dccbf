import Foundation
@testable import KeyboardHost
import Testing

/// The frame model's placement as one state: a position belongs to the placement it was chosen in.
@Suite struct PlacementStateTests {
    @Test func aPositionLivesInItsPlacement() {
        let undocked = PlacementState.undocked(minY: 300)
        #expect(undocked.placement == .undocked)
        #expect(undocked.undockedMinY == 300)
        #expect(undocked.floatingOrigin == nil)
        let floating = PlacementState.floating(origin: CGPoint(x: 10, y: 20))
        #expect(floating.undockedMinY == nil)
        #expect(floating.moved(to: CGPoint(x: 1, y: 2)) == .floating(origin: CGPoint(x: 1, y: 2)))
        #expect(PlacementState.split(minY: 5).moved(to: CGPoint(x: 9, y: 400)) == .split(minY: 400))
        #expect(PlacementState.docked.moved(to: CGPoint(x: 9, y: 400)) == .docked)
    }

    @Test func aNewScreenKeepsThePlacementAtItsDefaultSpot() {
        #expect(PlacementState.undocked(minY: 300).atDefaultSpot == .undocked(minY: nil))
        #expect(PlacementState.floating(origin: .zero).atDefaultSpot == .floating(origin: nil))
        #expect(PlacementState.docked.atDefaultSpot == .docked)
    }
}
