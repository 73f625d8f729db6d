import { AntdRoot } from '../../antd-root';
import { ForgotPasswordScreen as Forgot } from './ForgotPasswordScreen';
import { RegisterScreen as Register } from './RegisterScreen';
import { ResetPasswordScreen as Reset } from './ResetPasswordScreen';

/** The sign-in pages built with antd, each in antd's theme and locale; one chunk for the three. */
export const RegisterScreen = () => <AntdRoot><Register /></AntdRoot>;
export const ForgotPasswordScreen = () => <AntdRoot><Forgot /></AntdRoot>;
export const ResetPasswordScreen = () => <AntdRoot><Reset /></AntdRoot>;
