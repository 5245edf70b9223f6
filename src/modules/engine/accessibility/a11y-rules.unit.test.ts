import { describe, expect, it } from 'vitest';
import { parseIdbDescribeAll } from '../../../worker/drivers/idb-commands';
import { parseUiautomatorXml } from '../../../worker/drivers/uiautomator';
import { unitsOf } from './a11y-check';
import { treeFindings } from './a11y-rules';

/** The tree rules on what the real drivers report: `uiautomator dump` XML and `idb ui describe-all` JSON. */
describe('accessibility rules on real devices’ trees', () => {
  it('Android: an unnamed clickable image, a small button, a row named by its text, two "Share" buttons', () => {
    const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
      <node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]" clickable="false" text="" content-desc="" resource-id="">
        <node class="android.widget.ImageView" resource-id="com.x:id/fab" clickable="true" text="" content-desc="" bounds="[900,2100][1044,2244]" />
        <node class="android.widget.Button" resource-id="com.x:id/tiny" clickable="true" text="Go" content-desc="" bounds="[40,200][140,290]" />
        <node class="android.widget.LinearLayout" resource-id="com.x:id/row" clickable="true" text="" content-desc="" bounds="[0,400][1080,560]">
          <node class="android.widget.TextView" resource-id="com.x:id/title" clickable="false" text="Trip to Lisbon" content-desc="" bounds="[40,420][1000,540]" />
        </node>
        <node class="android.widget.ImageButton" resource-id="com.x:id/share_trip" clickable="true" text="" content-desc="Share" bounds="[40,700][200,860]" />
        <node class="android.widget.ImageButton" resource-id="com.x:id/share_photo" clickable="true" text="" content-desc="Share" bounds="[300,700][460,860]" />
      </node></hierarchy>`;
    const tree = parseUiautomatorXml(xml);
    const units = unitsOf(
      { platform: 'android', category: 'phone', deviceName: 'Pixel 8' },
      { width: 1080, height: 2400 },
    );
    expect(units.pxPerUnit).toBeCloseTo(1080 / 393, 5);
    expect(treeFindings(tree, units).map((f) => [f.rule, f.element.id, f.element.name])).toEqual([
      ['missing_label', 'com.x:id/fab', null],
      ['small_target', 'com.x:id/tiny', 'Go'],
      ['duplicate_label', 'com.x:id/share_trip', 'Share'],
      ['duplicate_label', 'com.x:id/share_photo', 'Share'],
    ]);
  });

  it('iOS: an unlabeled button and a 30 pt one, in points converted to pixels by the driver', () => {
    const json = JSON.stringify([
      { type: 'Application', AXLabel: 'Trips', frame: { x: 0, y: 0, width: 393, height: 852 } },
      { type: 'Button', AXLabel: null, AXUniqueId: 'compose', frame: { x: 330, y: 60, width: 44, height: 44 } },
      { type: 'Button', AXLabel: 'Edit', AXUniqueId: 'edit', frame: { x: 20, y: 60, width: 40, height: 30 } },
      { type: 'StaticText', AXLabel: 'Upcoming', frame: { x: 20, y: 120, width: 200, height: 24 } },
    ]);
    const tree = parseIdbDescribeAll(json, 3);
    const units = unitsOf(
      { platform: 'ios', category: 'phone', deviceName: 'iPhone 15' },
      { width: 1179, height: 2556 },
    );
    const found = treeFindings(tree, units);
    expect(found.map((f) => [f.rule, f.element.id])).toEqual([
      ['missing_label', 'compose'],
      ['small_target', 'edit'],
    ]);
    expect(found[1]!.message).toBe('Tap target 40×30 pt is under 44×44 pt');
  });
});
