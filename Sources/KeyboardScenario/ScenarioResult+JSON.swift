import Foundation
import KeyboardEmulator
import KeyboardJSON

extension ScenarioStep.Action {
    /// The step's argument as JSON (`null` for steps without one).
    public var argumentJSON: JSONValue {
        switch self {
        case .focus(let id): .string(id)
        case .type(let text), .key(let text), .mark(let text), .device(let text), .foreground(let text): .string(text)
        case .delete(let count), .caret(let count): .number(Double(count))
        case .select(let range): .object([("location", .number(Double(range.location))), ("length", .number(Double(range.length)))])
        case .layout(let id, let page): .object([("id", .string(id)), ("page", page.map(JSONValue.string) ?? .null)])
        case .page(let page): page.map(JSONValue.string) ?? .null
        case .predictive(let on): .bool(on)
        case .preferredHeight(let height): height.map(JSONValue.number) ?? .null
        case .rotate(let orientation): .string(orientation.name)
        case .undock(let y), .split(let y): y.map { .object([("y", .number($0))]) } ?? .null
        case .float(let point): point.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) } ?? .null
        case .move(let point): .object([("x", .number(point.x)), ("y", .number(point.y))])
        case .attachHardwareKeyboard(let height): height.map { .object([("accessoryHeight", .number($0))]) } ?? .null
        case .switchApp(let app, let focus): .object([("app", .string(app)), ("focus", focus.map(JSONValue.string) ?? .null)])
        case .background(let app): app.map(JSONValue.string) ?? .null
        case .dragToDismiss(let positions, let steps, let cancel):
            .object([
                ("positions", positions.map { .array($0.map(JSONValue.number)) } ?? .null),
                ("steps", .number(Double(steps))), ("cancel", .bool(cancel)),
            ])
        case .wait(let duration):
            .number(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        case .touch(let start, let end, let duration, let steps, let cancel):
            .object([
                ("x", .number(start.x)), ("y", .number(start.y)), ("toX", .number(end.x)), ("toY", .number(end.y)),
                ("duration", .number(duration.milliseconds)), ("steps", .number(Double(steps))), ("cancel", .bool(cancel)),
            ])
        case .swipe(let points, let duration, let cancel):
            .object([
                ("points", .array(points.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) })),
                ("duration", .number(duration.milliseconds)), ("cancel", .bool(cancel)),
            ])
        case .resign, .unmark, .dock, .detachHardwareKeyboard, .presentAlert, .dismissAlert: .null
        }
    }
}

extension Duration {
    /// The duration in milliseconds, as touch steps write it.
    fileprivate var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

extension ScenarioStepResult {
    /// The step as JSON: its notifications, the keyboard, and each app's trackers and guide.
    public var jsonValue: JSONValue {
        let appValues: [JSONValue] = apps.map { app in
            var trackers: [(String, JSONValue)] = []
            for name in ScenarioRunner.trackerNames {
                guard let height = app.trackerHeights[name] else { continue }
                trackers.append((name, .object([("height", .number(height)), ("holds", .bool(app.holds(name)))])))
            }
            return .object([
                ("app", .string(app.app)),
                ("state", .string(app.state.rawValue)),
                ("expectedHeight", .number(app.expectedHeight)),
                ("trackers", .object(trackers)),
                ("guide", .object([
                    ("frame", .rect(app.guideFrame)),
                    ("near", .array(app.guideNearEdges.map { .string($0.rawValue) })),
                ])),
                ("watchdogMismatches", .number(Double(app.watchdogMismatches))),
            ])
        }
        return .object([
            ("step", .number(Double(index))),
            ("line", .number(Double(line))),
            ("action", .string(action.name)),
            ("argument", action.argumentJSON),
            ("notifications", .array(deliveries.map(\.jsonValue))),
            ("keyboard", .object([("state", .string(state.rawValue)), ("frame", frame.map(JSONValue.rect) ?? .null)])),
            ("apps", .array(appValues)),
            ("logs", .array(logs.map(JSONValue.string))),
            ("expectationFailures", .array(expectationFailures.map(JSONValue.string))),
        ])
    }
}

extension ScenarioResult {
    /// The run as JSON: every step, then a summary of which steps each tracker failed.
    public var jsonValue: JSONValue {
        let summary: [(String, JSONValue)] = trackerNames.map { name in
            (name, .object([
                ("holds", .bool(holds(name))),
                ("failedSteps", .array(failedSteps(of: name).map { .number(Double($0)) })),
            ]))
        }
        return .object([
            ("scenario", .string(name)),
            ("file", file.map(JSONValue.string) ?? .null),
            ("device", .string(device)),
            ("steps", .array(steps.map(\.jsonValue))),
            ("summary", .object([
                ("trackers", .object(summary)),
                ("expectationFailures", .array(expectationFailures.map(JSONValue.string))),
            ])),
        ])
    }

    /// A human-readable report: one line per notification, then each app's heights after each step.
    public var textReport: String {
        var lines: [String] = ["scenario \(name) on \(device)"]
        for step in steps {
            lines.append("step \(step.index) (line \(step.line)): \(step.action.name) → \(step.state.rawValue)")
            for delivery in step.deliveries {
                let info = delivery.notification.userInfo
                lines.append("  \(delivery.app) \(delivery.notification.name.rawValue) begin \(Self.text(info.frameBegin)) end \(Self.text(info.frameEnd))\(info.isLocal ? "" : " (not local)")")
            }
            for app in step.apps {
                let heights = trackerNames.compactMap { name in
                    app.trackerHeights[name].map { "\(name) \(JSONValue.format($0))\(app.holds(name) ? "" : " ✗")" }
                }
                lines.append("  \(app.app): expected \(JSONValue.format(app.expectedHeight)); \(heights.joined(separator: ", ")); guide \(Self.text(app.guideFrame))")
            }
            for failure in step.expectationFailures { lines.append("  FAILED: \(failure)") }
        }
        for name in trackerNames {
            let failed = failedSteps(of: name)
            lines.append("\(name): \(failed.isEmpty ? "holds" : "fails at steps \(failed.map(String.init).joined(separator: ", "))")")
        }
        return lines.joined(separator: "\n")
    }

    static func text(_ rect: CGRect) -> String {
        "{\(JSONValue.format(rect.minX)), \(JSONValue.format(rect.minY)), \(JSONValue.format(rect.width)), \(JSONValue.format(rect.height))}"
    }
}
