// The catalog: every component type the page draws, one module each, named
// as in the terminal's components package. A type not listed here is drawn
// as "Unsupported component".

import { register } from '../core/draw.js';
import { AudioPlayer } from './audio_player.js';
import { Button } from './button.js';
import { Card } from './card.js';
import { CheckBox } from './check_box.js';
import { Column } from './column.js';
import { DateTimeInput } from './date_time_input.js';
import { Generic } from './generic.js';
import { Divider } from './divider.js';
import { Icon } from './icon.js';
import { Image } from './image.js';
import { List } from './list.js';
import { Modal } from './modal.js';
import { MultipleChoice } from './multiple_choice.js';
import { Placeholder } from './placeholder.js';
import { Row } from './row.js';
import { Slider } from './slider.js';
import { Tabs } from './tabs.js';
import { Text } from './text.js';
import { TextField } from './text_field.js';
import { Video } from './video.js';

register('Text', Text);
register('Image', Image);
register('Icon', Icon);
register('Video', Video);
register('AudioPlayer', AudioPlayer);
register('Row', Row);
register('Column', Column);
register('List', List);
register('Card', Card);
register('Divider', Divider);
register('Tabs', Tabs);
register('Modal', Modal);
register('Button', Button);
register('CheckBox', CheckBox);
register('TextField', TextField);
register('DateTimeInput', DateTimeInput);
register('MultipleChoice', MultipleChoice);
register('Slider', Slider);
register('Placeholder', Placeholder);
register('Generic', Generic);
